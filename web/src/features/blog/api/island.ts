// The data a server-rendered blog page carried (see @model/blog-island): the pages start from it instead of
// reading Firestore again. It describes the page the browser loaded, so it is used only for that URL.
import { BLOG_ISLAND_ID, parseBlogIsland, type BlogIsland } from '@model/blog-island';

let island: BlogIsland | null | undefined;
/** The post body the server rendered, kept when the island is read (before the app replaces the page). */
let serverBody: { html: string; nodes: Node[] } | null = null;

function loadedIsland(): BlogIsland | null {
  if (island === undefined) {
    const element = document.getElementById(BLOG_ISLAND_ID);
    island = element?.textContent ? parseBlogIsland(element.textContent) : null;
    if (element && island === null) console.error('blog.island_invalid: reading Firestore instead');
    const body = document.querySelector('#root .blog-body');
    if (island?.page === 'post' && body)
      serverBody = { html: island.post.html_content, nodes: Array.from(body.childNodes) };
  }
  return island;
}

/** The server's data for the page at `path` (pathname and search), if the loaded page carried it. */
export function blogIslandFor(path: string): BlogIsland | null {
  const data = loadedIsland();
  return data && data.path === path ? data : null;
}

/**
 * The nodes of the post body the server rendered for `html`, once: the app moves them into its own body instead
 * of sanitizing the same HTML again on the phone's CPU. They are the page's own markup, already sanitized by the
 * server with the same allow-list and parsed by the browser like the rest of the page.
 */
export function takeServerBody(html: string): Node[] | null {
  loadedIsland();
  if (serverBody === null || serverBody.html !== html) return null;
  const { nodes } = serverBody;
  serverBody = null;
  return nodes;
}
