import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/Page';

/**
 * The subscriber's deals page around the deal browser: the app's and the server's render (render_dashboard).
 * Deals come from affiliate networks, so the page says, before any click, that View Deal links may earn us a
 * commission (consumer-protection rules on paid links); the terms say the same at more length.
 */
export function DealsPage({ children }: { children: ReactNode }) {
  return (
    // The header's container width, so the grid's edges line up with the brand and the footer.
    <Page title="Your Bargains" lead="Live deals, hand-picked and checked for you.">
      <p className="affiliate-note">
        View Deal links may be affiliate links: if you buy, the shop may pay us a commission. It never changes
        your price or which deals we show. <Link to="/terms-of-service#affiliate-links">How this works</Link>
      </p>
      {children}
    </Page>
  );
}
