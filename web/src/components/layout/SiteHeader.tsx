import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { BrandLogo } from './BrandLogo';
import { navItemsFor, type AuthView } from './nav-items';
import { SiteNav } from './SiteNav';

interface SiteHeaderProps {
  view: AuthView;
  onSignOut?: () => Promise<void> | void;
}

export function SiteHeader({ view, onSignOut }: SiteHeaderProps) {
  const items = navItemsFor(view);
  const { pathname } = useLocation();
  // The menu is open for the page it was opened on: any navigation (a link, the back button) closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = useCallback((open: boolean) => setMenuOpenOn(open ? pathname : null), [pathname]);
  const closeMenu = useCallback(() => setMenuOpenOn(null), []);
  const [signingOut, setSigningOut] = useState(false);

  const handleSignOut = async () => {
    setMenuOpen(false);
    if (!onSignOut) return;
    setSigningOut(true);
    try {
      await onSignOut();
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link to="/" className="brand" aria-label="Bargains home">
          <BrandLogo />
        </Link>
        <nav className="site-header__nav" aria-label="Main">
          <SiteNav items={items} layout="bar" onSignOut={handleSignOut} signingOut={signingOut} />
        </nav>
        <MobileMenu open={menuOpen} onOpenChange={setMenuOpen}>
          <SiteNav
            items={items}
            layout="drawer"
            onNavigate={closeMenu}
            onSignOut={handleSignOut}
            signingOut={signingOut}
          />
        </MobileMenu>
      </div>
    </header>
  );
}

interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: React.ReactNode;
}

/**
 * Slide-in side menu for small screens. A modal <dialog> gives the focus trap, Escape and the inert page
 * behind it natively; focus goes back to the menu button when it closes.
 */
function MobileMenu({ open, onOpenChange, children }: MobileMenuProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const dialogId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const handleClose = () => {
    onOpenChange(false);
    // Return focus to the menu button, unless a navigation already moved it to the new page.
    const focused = document.activeElement;
    if (focused === null || focused === document.body || dialogRef.current?.contains(focused))
      toggleRef.current?.focus();
  };

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="menu-toggle"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={dialogId}
        onClick={() => onOpenChange(true)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <dialog
        ref={dialogRef}
        id={dialogId}
        className="mobile-menu"
        aria-label="Menu"
        onClose={handleClose}
        onClick={(event) => {
          // A click on the dialog element itself (not its panel) is a click on the backdrop.
          if (event.target === event.currentTarget) onOpenChange(false);
        }}
      >
        <div className="mobile-menu__panel">
          <div className="mobile-menu__top">
            <span className="mobile-menu__title">Menu</span>
            <button
              type="button"
              className="menu-close"
              aria-label="Close menu"
              onClick={() => onOpenChange(false)}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <nav aria-label="Mobile">{children}</nav>
        </div>
      </dialog>
    </>
  );
}
