import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { navItemsFor, type AuthView } from './nav-items';
import { SiteHeader } from './SiteHeader';

// jsdom has <dialog> but not its modal API: emulate open/close and the close event the browser fires.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderHeader(view: AuthView, onSignOut = jest.fn()) {
  render(
    <MemoryRouter initialEntries={['/']}>
      <SiteHeader view={view} onSignOut={onSignOut} />
      <Routes>
        <Route path="*" element={<CurrentPath />} />
      </Routes>
    </MemoryRouter>,
  );
  return { onSignOut, user: userEvent.setup() };
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const labelsIn = (nav: HTMLElement) =>
  Array.from(nav.querySelectorAll('a, button'), (element) => element.textContent);

describe('header navigation per auth state (docs/reference.md#navigation)', () => {
  it('lists the signed-out links', () => {
    expect(navItemsFor('signed-out').map((item) => item.label)).toEqual([
      'Home',
      'Blog',
      'Pricing',
      'How It Works',
      'Login',
      'Get Started',
    ]);
    renderHeader('signed-out');
    expect(labelsIn(mainNav())).toEqual(['Home', 'Blog', 'Pricing', 'How It Works', 'Login', 'Get Started']);
    expect(within(mainNav()).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(mainNav()).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
  });

  it('lists the signed-in links and a Sign Out button', async () => {
    const { onSignOut, user } = renderHeader('signed-in');
    expect(labelsIn(mainNav())).toEqual(['Home', 'Blog', 'Dashboard', 'Account', 'Sign Out']);
    expect(within(mainNav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(mainNav()).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');

    await user.click(within(mainNav()).getByRole('button', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('shows only the always-present links while the first auth check runs', () => {
    renderHeader('loading');
    expect(labelsIn(mainNav())).toEqual(['Home', 'Blog']);
  });

  it('links the brand to /', () => {
    renderHeader('signed-out');
    expect(screen.getAllByRole('link', { name: 'Bargains home' })[0]).toHaveAttribute('href', '/');
  });
});

describe('mobile menu', () => {
  it('opens with the same links, closes when a link is chosen and navigates', async () => {
    const { user } = renderHeader('signed-out');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const drawer = screen.getByRole('navigation', { name: 'Mobile' });
    expect(labelsIn(drawer)).toEqual(labelsIn(mainNav()));

    await user.click(within(drawer).getByRole('link', { name: 'Pricing' }));
    expect(screen.getByTestId('path')).toHaveTextContent('/pricing');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.querySelector('dialog')).not.toHaveAttribute('open');
  });

  it('closes on its close button and returns focus to the menu button', async () => {
    const { user } = renderHeader('signed-in');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes before signing out', async () => {
    const { user, onSignOut } = renderHeader('signed-in');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('navigation', { name: 'Mobile' });
    await user.click(within(drawer).getByRole('button', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
