// The data a server-rendered blog page carried (see @bargains/model/blog-island): the pages start from it instead of
// reading Firestore again. It describes the page the browser loaded, so it is used only for that URL.
import { BLOG_ISLAND_ID, parseBlogIsland, type BlogIsland } from '@bargains/model/contracts/blog-island';
import { keepServerBody } from './server-body';

let island: BlogIsland | null | undefined;

function loadedIsland(): BlogIsland | null {
  if (island === undefined) {
    const element = document.getElementById(BLOG_ISLAND_ID);
    island = element?.textContent ? parseBlogIsland(element.textContent) : null;
    if (element && island === null) console.error('blog.island_invalid: reading Firestore instead');
    const body = document.querySelector('#root .blog-body');
    // Kept now: the app's first render replaces the page.
    if (island?.page === 'post' && body)
      keepServerBody(island.post.html_content, Array.from(body.childNodes));
  }
  return island;
}

/** The server's data for the page at `path` (pathname and search), if the loaded page carried it. */
export function blogIslandFor(path: string): BlogIsland | null {
  const data = loadedIsland();
  return data && data.path === path ? data : null;
}
