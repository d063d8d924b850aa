// The one way pages are drawn outside the browser (build-time snapshots, render_blog, render_dashboard): the
// element at `path` under a static router, collecting the tab title the page sets.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { DocumentTitleSink } from '@/components/layout/Page';
import { SiteChrome } from '@/components/layout/SiteChrome';

/** The markup of `element` at `path`, and the title the page set (null if it set none). */
export function renderPageMarkup(path: string, element: ReactNode): { html: string; title: string | null } {
  let title: string | null = null;
  const html = renderToString(
    <DocumentTitleSink.Provider
      value={(pageTitle) => {
        title = pageTitle;
      }}
    >
      <StaticRouter location={path}>{element}</StaticRouter>
    </DocumentTitleSink.Provider>,
  );
  return { html, title };
}

/**
 * `page` inside the site frame as it is before the first auth check (the header's always-present links): the app's
 * takeover then changes nothing the reader sees but the auth-dependent links.
 */
export const renderInSiteChrome = (path: string, page: ReactNode) =>
  renderPageMarkup(path, <SiteChrome view="loading">{page}</SiteChrome>);
