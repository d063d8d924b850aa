// Header navigation per auth state (docs/reference.md#navigation). 'loading' shows only the always-present links so the
// header never flashes links that are about to disappear.
export type AuthView = 'loading' | 'signed-in' | 'signed-out';

export interface NavLinkItem {
  kind: 'link';
  to: string;
  label: string;
  /** Calls to action get button styling; plain links sit in the main list. */
  appearance: 'link' | 'primary' | 'secondary';
}

export interface SignOutItem {
  kind: 'sign-out';
  label: 'Sign Out';
}

export type NavItem = NavLinkItem | SignOutItem;

const link = (to: string, label: string, appearance: NavLinkItem['appearance'] = 'link'): NavLinkItem => ({
  kind: 'link',
  to,
  label,
  appearance,
});

const ALWAYS: NavItem[] = [link('/', 'Home'), link('/blog', 'Blog')];
const SIGNED_OUT: NavItem[] = [
  link('/pricing', 'Pricing'),
  link('/how-it-works', 'How It Works'),
  link('/login', 'Login', 'secondary'),
  link('/signup', 'Get Started', 'primary'),
];
const SIGNED_IN: NavItem[] = [
  link('/dashboard', 'Dashboard'),
  link('/account', 'Account'),
  { kind: 'sign-out', label: 'Sign Out' },
];

export function navItemsFor(view: AuthView): NavItem[] {
  if (view === 'signed-in') return [...ALWAYS, ...SIGNED_IN];
  if (view === 'signed-out') return [...ALWAYS, ...SIGNED_OUT];
  return ALWAYS;
}
