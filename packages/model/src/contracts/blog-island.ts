// The data a server-rendered blog page hands to the web app, so the app takes over without reading the same
// data from Firestore again. It travels in `<script type="application/json" id="blog-data">`: a data island
// that never executes (the Content-Security-Policy allows no inline scripts), read once by the app at boot.
// zod/mini, as in fields.ts: render_blog's bundle (blog/page.ts) then holds only the zod it uses.
import {
  array,
  discriminatedUnion,
  iso,
  literal,
  looseObject,
  minLength,
  nullable,
  object,
  string,
} from 'zod/mini';
import { parseIslandJson, scriptSafeJson } from './data-island';
import { parseBlogPost, parseBlogSummary, type BlogPost, type BlogSummary } from '../blog';

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

/** The island's JSON, safe inside its <script> element (data-island.ts). */
export const serializeBlogIsland = (island: BlogIsland): string => scriptSafeJson(island);

const cursorSchema = object({ publishedAt: iso.datetime(), id: string().check(minLength(1)) });
const islandSchema = discriminatedUnion('page', [
  object({
    page: literal('list'),
    path: string(),
    posts: array(looseObject({ id: string() })),
    next: nullable(cursorSchema),
  }),
  object({ page: literal('post'), path: string(), post: looseObject({ id: string() }) }),
  object({ page: literal('not-found'), path: string() }),
]);

/** The island's data, or null when it is missing or malformed (the app then reads Firestore as usual). */
export function parseBlogIsland(text: string): BlogIsland | null {
  const island = parseIslandJson(islandSchema, text);
  if (island === null) return null;
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
