import type { ReactNode } from 'react';
import { Page } from '@/components/layout/Page';

/** The subscriber's deals page around the deal browser: the app's and the server's render (render_dashboard). */
export function DealsPage({ children }: { children: ReactNode }) {
  return (
    // The header's container width, so the grid's edges line up with the brand and the footer.
    <Page title="Your Bargains" lead="Live deals, hand-picked and checked for you.">
      {children}
    </Page>
  );
}
