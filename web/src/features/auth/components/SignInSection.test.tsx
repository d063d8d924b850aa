import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changePassword, requestEmailChange } from '../api/auth-actions';
import { SignInSection } from './SignInSection';

jest.mock('../api/auth-actions', () => ({
  changePassword: jest.fn(),
  requestEmailChange: jest.fn(),
}));

const passwordUser = { email: 'old@example.com', providerData: [{ providerId: 'password' }] };
const codeError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

beforeEach(() => {
  jest.resetAllMocks();
});

type User = ReturnType<typeof userEvent.setup>;

/** Opens Change email, fills what is given and sends it. */
async function submitEmailChange(user: User, fields: { email: string; password?: string }) {
  render(<SignInSection user={passwordUser} />);
  await user.click(screen.getByRole('button', { name: 'Change email' }));
  await user.type(screen.getByLabelText('New email'), fields.email);
  if (fields.password) await user.type(screen.getByLabelText('Current password'), fields.password);
  await user.click(screen.getByRole('button', { name: 'Send verification link' }));
}

/** Opens Change password, fills both fields and submits the form (its button has the opener's name). */
async function submitPasswordChange(user: User, fields: { current: string; next: string }) {
  render(<SignInSection user={passwordUser} />);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  await user.type(screen.getByLabelText('Current password'), fields.current);
  await user.type(screen.getByLabelText('New password'), fields.next);
  await user.click(screen.getAllByRole('button', { name: 'Change password' }).at(-1) as HTMLElement);
}

describe('change email', () => {
  it('sends a verification link to the new address; the email changes only when it is opened', async () => {
    jest.mocked(requestEmailChange).mockResolvedValue(undefined);
    await submitEmailChange(userEvent.setup(), { email: 'new@example.com', password: 'secret1' });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We sent a link to new@example.com. Your email changes when you open it; until then, keep signing in with old@example.com.',
    );
    expect(requestEmailChange).toHaveBeenCalledWith('secret1', 'new@example.com');
  });

  it('checks the input before asking Firebase', async () => {
    await submitEmailChange(userEvent.setup(), { email: 'OLD@example.com' });
    expect(screen.getByText('That is already your email.')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(requestEmailChange).not.toHaveBeenCalled();
  });

  it('says in words that the address is taken', async () => {
    jest.mocked(requestEmailChange).mockRejectedValue(codeError('auth/email-already-in-use'));
    await submitEmailChange(userEvent.setup(), { email: 'taken@example.com', password: 'secret1' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Another account already uses that email address.',
    );
  });
});

describe('change password', () => {
  it('changes it with the current password', async () => {
    jest.mocked(changePassword).mockResolvedValue(undefined);
    await submitPasswordChange(userEvent.setup(), { current: 'secret1', next: 'secret2' });
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(changePassword).toHaveBeenCalledWith('secret1', 'secret2');
  });

  it('says a wrong current password in words, never the SDK text', async () => {
    jest.mocked(changePassword).mockRejectedValue(codeError('auth/invalid-credential'));
    await submitPasswordChange(userEvent.setup(), { current: 'wrong1', next: 'secret2' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That isn’t your current password. Please check it and try again.');
    expect(alert).not.toHaveTextContent(/Firebase|auth\//);
  });

  it('refuses a short new password before asking Firebase', async () => {
    await submitPasswordChange(userEvent.setup(), { current: 'secret1', next: 'abc' });
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(changePassword).not.toHaveBeenCalled();
  });
});

it('tells a Google user where their sign-in is managed', () => {
  render(<SignInSection user={{ email: 'g@example.com', providerData: [{ providerId: 'google.com' }] }} />);
  expect(screen.getByText(/managed by your Google account/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Change email' })).not.toBeInTheDocument();
});
