// The data a server-rendered blog page hands to the web app, so the app takes over without reading the same
// data from Firestore again. It travels in `<script type="application/json" id="blog-data">`: a data island
// that never executes (the Content-Security-Policy allows no inline scripts), read once by the app at boot.
import { z } from 'zod';
import { parseBlogPost, parseBlogSummary, type BlogPost, type BlogSummary } from './blog';

export const BLOG_ISLAND_ID = 'blog-data';

/** Where the next page of the list starts: after the post with this date and id (the list's sort order). */
export interface BlogCursor {
  publishedAt: Date;
  id: string;
}

export type BlogIsland =
  | { page: 'list'; path: string; posts: BlogSummary[]; next: BlogCursor | null }
  | { page: 'post'; path: string; post: BlogPost }
  | { page: 'not-found'; path: string };

/**
 * JSON safe inside a <script> element: `<` is escaped so no `</script>` or `<!--` in a post can end the element
 * early (U+2028/2029 are valid in JSON and in HTML, so only `<` matters).
 */
export function serializeBlogIsland(island: BlogIsland): string {
  return JSON.stringify(island).replace(/</g, '\\u003c');
}

const cursorSchema = z.object({ publishedAt: z.iso.datetime(), id: z.string().min(1) });
const islandSchema = z.discriminatedUnion('page', [
  z.object({
    page: z.literal('list'),
    path: z.string(),
    posts: z.array(z.looseObject({ id: z.string() })),
    next: cursorSchema.nullable(),
  }),
  z.object({ page: z.literal('post'), path: z.string(), post: z.looseObject({ id: z.string() }) }),
  z.object({ page: z.literal('not-found'), path: z.string() }),
]);

/** The island's data, or null when it is missing or malformed (the app then reads Firestore as usual). */
export function parseBlogIsland(text: string): BlogIsland | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = islandSchema.safeParse(json);
  if (!parsed.success) return null;
  const island = parsed.data;
  switch (island.page) {
    case 'list': {
      const posts = island.posts.map(({ id, ...data }) => parseBlogSummary(id, data));
      if (posts.some((post) => post === null)) return null;
      return {
        page: 'list',
        path: island.path,
        posts: posts.filter((post): post is BlogSummary => post !== null),
        next: island.next && { id: island.next.id, publishedAt: new Date(island.next.publishedAt) },
      };
    }
    case 'post': {
      const { id, ...data } = island.post;
      const post: BlogPost | null = parseBlogPost(id, data);
      return post && { page: 'post', path: island.path, post };
    }
    case 'not-found':
      return { page: 'not-found', path: island.path };
  }
}

/** A page body rendered by the web app's own components (web/src/server/render-blog.tsx). */
export interface RenderedBlogPage {
  /** The markup that goes inside #root: the site frame with the page. */
  html: string;
  /** The tab title, as the app sets it. */
  title: string;
}

/** What the web build's server renderer exports; the function (functions/src/blog) imports it at run time. */
export interface BlogPageRenderer {
  renderList(page: { path: string; posts: BlogSummary[]; next: BlogCursor | null }): RenderedBlogPage;
  renderPost(page: { path: string; post: BlogPost; preparedBody: string }): RenderedBlogPage;
  renderNotFound(page: { path: string }): RenderedBlogPage;
}
