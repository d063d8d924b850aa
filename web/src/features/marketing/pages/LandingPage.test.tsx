import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { useSigninCheck } from 'reactfire';
import { signUpWithPassword } from '@/features/auth/api/auth-actions';
import LandingPage from './LandingPage';

jest.mock('reactfire', () => ({ useSigninCheck: jest.fn() }));
jest.mock('@/features/auth/api/auth-actions', () => ({
  signUpWithPassword: jest.fn(),
  signInWithPassword: jest.fn(),
  signInWithGoogle: jest.fn(),
  isPopupDismissal: () => false,
}));

type SigninStatus = ReturnType<typeof useSigninCheck>;
function renderLanding(signedIn: boolean) {
  jest.mocked(useSigninCheck).mockReturnValue({
    status: 'success',
    data: signedIn ? { signedIn: true, user: { uid: 'u1' } } : { signedIn: false, user: null },
  } as unknown as SigninStatus);
  render(
    <MemoryRouter>
      <LandingPage />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('landing page', () => {
  it('anchors the hero call to action to the inline signup section when signed out', () => {
    renderLanding(false);
    const cta = screen.getByRole('link', { name: 'Get Started Now - Only $2/month!' });
    expect(cta).toHaveAttribute('href', '#signup');
    const signup = screen.getByRole('region', { name: 'Start saving today' });
    expect(signup).toHaveAttribute('id', 'signup');
    expect(within(signup).getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it('offers Go to Dashboard and no signup form when signed in', () => {
    renderLanding(true);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: /Get Started Now/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Start saving today' })).not.toBeInTheDocument();
  });

  it('shows the feature cards, the three steps and the coming-soon block', () => {
    renderLanding(false);
    for (const name of [
      'Curated Deals',
      '24/7 Access',
      'Save Big',
      'Sign Up',
      'Browse Deals',
      'Save Money',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { level: 2, name: 'Coming Soon' })).toBeInTheDocument();
  });

  it('appends the error text to the sign-up failure message', async () => {
    jest
      .mocked(signUpWithPassword)
      .mockRejectedValue(new Error('Firebase: Error (auth/email-already-in-use).'));
    const user = renderLanding(false);
    const signup = screen.getByRole('region', { name: 'Start saving today' });
    await user.type(within(signup).getByLabelText('Email'), 'taken@example.com');
    await user.type(within(signup).getByLabelText('Password'), 'secret1');
    await user.click(within(signup).getByRole('button', { name: 'Sign Up' }));
    expect(await within(signup).findByRole('alert')).toHaveTextContent(
      'Failed to sign up. Please try again. Firebase: Error (auth/email-already-in-use).',
    );
  });
});
