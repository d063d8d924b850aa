// The blog shell: the web build's HTML document for server-rendered blog pages (its hashed CSS and entry
// script), with two slots the render_blog function fills. Written by web/build/prerender-plugin.ts into
// functions/web-render/ with the server renderer; no imports, so the build can read it too.

/** The folder under functions/ that `vite build` writes for the function (git-ignored, deployed). */
export const WEB_RENDER_DIR = 'web-render';
export const BLOG_SHELL_FILE = 'blog-shell.html';
export const BLOG_RENDERER_FILE = 'render-blog.mjs';

/** Replaced by the page's <title>, description, canonical link, social cards and structured data. */
export const BLOG_HEAD_SLOT = '<!--blog:head-->';
/** Replaced by the page's markup (inside #root) and its data island. */
export const BLOG_PAGE_SLOT = '<!--blog:page-->';
