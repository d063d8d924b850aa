// Build-time only (web/build/prerender-plugin.ts loads it through Vite's SSR loader): renders the public pages'
// snapshots and the loading frame. Nothing here runs in the browser.
import { useRoutes } from 'react-router-dom';
import { PageSpinner } from '@/components/Spinner';
import { appRoutes, loadRoute, PRELOADED_FRAME_PATHS, routeSources, SERVER_RENDERED_PATHS } from './routes';
import { SNAPSHOT_PATHS } from './snapshot-paths';
import { renderInSiteChrome, renderPageMarkup } from '@/server/site-chrome-markup';
import * as BLOG_SHELL from '@bargains/model/contracts/blog-shell';
import * as DASHBOARD_RENDER from '@bargains/model/contracts/dashboard-render';

export {
  BLOG_SHELL,
  DASHBOARD_RENDER,
  PRELOADED_FRAME_PATHS,
  routeSources,
  SERVER_RENDERED_PATHS,
  SNAPSHOT_PATHS,
};

export interface Snapshot {
  /** The markup that goes inside #root. */
  html: string;
  /** The page's tab title, or null to keep the template's. */
  title: string | null;
  /** Source files of the page's chunks (build-manifest keys), to preload with the snapshot. */
  sources: string[];
}

function SnapshotRoutes() {
  return useRoutes(appRoutes);
}

/**
 * The page at `path` as the app renders it before the first auth check: the header's always-present links and
 * the page's auth-independent content (no AuthStateContext provider, so the view is 'loading').
 */
export async function renderSnapshot(path: string): Promise<Snapshot> {
  await loadRoute(path);
  const { html, title } = renderPageMarkup(path, <SnapshotRoutes />);
  return { html, title, sources: routeSources(path) };
}

/** The frame every other route shows until the app renders: header (no link marked current), spinner, footer. */
export function renderLoadingFrame(): Snapshot {
  return { html: renderInSiteChrome('/loading', <PageSpinner />).html, title: null, sources: [] };
}
