import { isInaccessible, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'firebase/auth';
import { MemoryRouter } from 'react-router-dom';
import { signUpWithPassword } from '@/features/auth/api/auth-actions';
import type { AuthView } from '@/components/layout/nav-items';
import { AuthStateContext } from '@/lib/auth-state';
import LandingPage from './LandingPage';

// useAuthFlow imports this module on submit (a dynamic import); the mock stands in for it there too.
jest.mock('@/features/auth/api/auth-actions', () => ({
  signUpWithPassword: jest.fn(),
  signInWithPassword: jest.fn(),
  signInWithGoogle: jest.fn(),
  isPopupDismissal: () => false,
}));

function renderLanding(view: AuthView) {
  const user = view === 'signed-in' ? ({ uid: 'u1' } as User) : null;
  const { container } = render(
    <AuthStateContext.Provider value={{ view, user }}>
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>
    </AuthStateContext.Provider>,
  );
  return { container, user: userEvent.setup() };
}

describe('landing page', () => {
  it('anchors the hero call to action to the inline signup section when signed out', () => {
    renderLanding('signed-out');
    const cta = screen.getByRole('link', { name: 'Get Started Now - Only $2/month!' });
    expect(cta).toHaveAttribute('href', '#signup');
    const signup = screen.getByRole('region', { name: 'Start saving today' });
    expect(signup).toHaveAttribute('id', 'signup');
    expect(within(signup).getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it('offers Go to Dashboard and no signup form when signed in', () => {
    renderLanding('signed-in');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: /Get Started Now/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Start saving today' })).not.toBeInTheDocument();
  });

  it('withholds the call to action and the signup form before the first auth check (build-time snapshot)', () => {
    const { container } = renderLanding('loading');
    expect(screen.queryByRole('link', { name: /Get Started Now|Go to Dashboard/ })).not.toBeInTheDocument();
    expect(container.querySelector('a[href="#signup"]')).not.toBeInTheDocument();
    // The placeholder keeps the button's place but is hidden from assistive tech and leads nowhere.
    const placeholder = screen.getByText('Get Started Now - Only $2/month!');
    expect(placeholder).toHaveClass('hero__cta-placeholder');
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    expect(isInaccessible(placeholder)).toBe(true);
    expect(placeholder.closest('a')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Start saving today' })).not.toBeInTheDocument();
    expect(container.querySelector('#signup')).not.toBeInTheDocument();
    // The auth-independent content is all there.
    expect(screen.getByRole('link', { name: 'See how it works' })).toHaveAttribute('href', '/how-it-works');
  });

  it('shows the feature cards, the three steps and the coming-soon block', () => {
    renderLanding('signed-out');
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

  it('marks the email digest, alerts, interest matching, interests on the dashboard and location matching available now', () => {
    renderLanding('signed-out');
    const available = screen.getByRole('region', { name: 'New: Bargains by Email' });
    const soon = screen.getByRole('region', { name: 'Coming Soon' });
    const nearYou = screen.getByRole('region', { name: 'New: Deals Near You' });
    const itemsOf = (region: HTMLElement) =>
      within(region)
        .getAllByRole('listitem')
        .map((item) => [
          within(item).getByRole('heading', { level: 3 }).textContent,
          item.querySelector('.badge')?.textContent,
        ]);
    expect(itemsOf(available)).toEqual([
      ['Daily or weekly digest', 'Available now'],
      ['Alerts for unusually cheap products', 'Available now'],
      ['Interest-based matching', 'Available now'],
      ['Interests on your dashboard', 'Available now'],
    ]);
    expect(itemsOf(nearYou)).toEqual([['Location-based matching', 'Available now']]);
    expect(within(soon).queryAllByRole('listitem')).toEqual([]);
    expect(within(soon).getByText(/Everything we announced is available now/)).toBeInTheDocument();
  });

  it('appends the reason, in words, to the sign-up failure message', async () => {
    jest.mocked(signUpWithPassword).mockRejectedValue(
      Object.assign(new Error('Firebase: Error (auth/email-already-in-use).'), {
        code: 'auth/email-already-in-use',
      }),
    );
    const { user } = renderLanding('signed-out');
    const signup = screen.getByRole('region', { name: 'Start saving today' });
    await user.type(within(signup).getByLabelText('Email'), 'taken@example.com');
    await user.type(within(signup).getByLabelText('Password'), 'secret1');
    await user.click(within(signup).getByRole('button', { name: 'Sign Up' }));
    expect(await within(signup).findByRole('alert')).toHaveTextContent(
      'Failed to sign up. Please try again. An account with this email already exists. Sign in instead, or reset your password.',
    );
    expect(signUpWithPassword).toHaveBeenCalledWith('taken@example.com', 'secret1');
  });
});
