import { NavLink } from 'react-router-dom';
import { buttonClassName } from '@/components/Button';
import type { NavItem, NavLinkItem } from './nav-items';

interface SiteNavProps {
  items: NavItem[];
  /** Called after any link is chosen (the mobile menu closes itself with it). */
  onNavigate?: () => void;
  onSignOut: () => void;
  signingOut?: boolean;
  layout: 'bar' | 'drawer';
}

const isPlainLink = (item: NavItem): item is NavLinkItem =>
  item.kind === 'link' && item.appearance === 'link';

/** The header's links, as a horizontal bar on wide screens and a vertical list in the mobile drawer. */
export function SiteNav({ items, onNavigate, onSignOut, signingOut = false, layout }: SiteNavProps) {
  const plain = items.filter(isPlainLink);
  const actions = items.filter((item) => item.kind === 'sign-out' || item.appearance !== 'link');
  const block = layout === 'drawer';
  return (
    <div className={`site-nav site-nav--${layout}`}>
      <ul className="site-nav__links">
        {plain.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.to === '/'} className="site-nav__link" onClick={onNavigate}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
      {actions.length > 0 ? (
        <div className="site-nav__actions">
          {actions.map((item) =>
            item.kind === 'link' ? (
              <NavLink
                key={item.to}
                to={item.to}
                className={buttonClassName({
                  variant: item.appearance === 'primary' ? 'primary' : 'ghost',
                  block,
                })}
                onClick={onNavigate}
              >
                {item.label}
              </NavLink>
            ) : (
              <button
                key="sign-out"
                type="button"
                className={buttonClassName({ variant: 'secondary', block })}
                onClick={onSignOut}
                disabled={signingOut}
                aria-busy={signingOut || undefined}
              >
                {item.label}
              </button>
            ),
          )}
        </div>
      ) : null}
    </div>
  );
}
