import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CredentialsForm } from './CredentialsForm';

function setup() {
  const onSubmit = jest.fn<Promise<void>, [{ email: string; password: string }]>(() => Promise.resolve());
  const user = userEvent.setup();
  render(
    <CredentialsForm mode="sign-in" submitLabel="Sign In" busyLabel="Signing in…" onSubmit={onSubmit} />,
  );
  return {
    user,
    onSubmit,
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Sign In' }),
  };
}

describe('CredentialsForm', () => {
  it('shows no message before the first submit', async () => {
    const { user, email } = setup();
    await user.type(email, 'not-an-email');
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
  });

  it('shows the required messages under each field on submit and does not submit', async () => {
    const { user, onSubmit, email, password, submit } = setup();
    await user.click(submit);

    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(password).toHaveAccessibleDescription('Password is required');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('updates the messages as the user corrects each field', async () => {
    const { user, email, password, submit } = setup();
    await user.type(email, 'shopper');
    await user.type(password, '123');
    await user.click(submit);
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();

    await user.type(email, '@example.com');
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');

    await user.clear(password);
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.type(password, '123456');
    expect(screen.queryByText(/Password (is required|must be)/)).not.toBeInTheDocument();
  });

  it('submits trimmed, valid credentials and is busy until the submit settles', async () => {
    let finish: () => void = () => undefined;
    const { user, onSubmit, email, password, submit } = setup();
    onSubmit.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));

    await user.type(email, '  shopper@example.com ');
    await user.type(password, 'secret1');
    await user.click(submit);

    expect(onSubmit).toHaveBeenCalledWith({ email: 'shopper@example.com', password: 'secret1' });
    const busy = screen.getByRole('button', { name: 'Signing in…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');

    finish();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
  });
});
