import type { ReactNode } from 'react';
import type { AuthView } from './nav-items';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

interface SiteChromeProps {
  view: AuthView;
  onSignOut?: () => Promise<void> | void;
  children: ReactNode;
}

/** Header, main landmark and footer around every page (docs/reference.md#routes: one shared layout). */
export function SiteChrome({ view, onSignOut, children }: SiteChromeProps) {
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader view={view} onSignOut={onSignOut} />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
