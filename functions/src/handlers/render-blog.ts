// GET /blog, /blog/{id}, /sitemap.xml, /blog/rss.xml, /robots.txt (Hosting rewrites): the blog as finished
// HTML and its feeds, cached by Hosting's CDN. Pages are rendered by the web app's own components
// (functions/web-render/render-blog.mjs, written by `vite build`) into the web build's shell, with the data
// the app takes over from. One error policy: bad addresses get 400/404/redirect, anything unexpected is
// logged and answered with a 500 that is never cached.
import * as logger from 'firebase-functions/logger';
import { db } from '../admin';
import { serverBlogHtml } from '../blog/server-dom';
import { blogCacheControl, shortCacheControl } from '../blog/cache';
import { robotsTxt, rssXml, sitemapXml } from '../blog/feeds';
import { composeBlogDocument, listHead, notFoundHead, postHead, type PageHead } from '../blog/page';
import { escapeMarkup } from '../blog/markup';
import { routeBlogRequest } from '../blog/request';
import { readBlogListPage, readBlogPost, readBlogSummaries } from '../blog/post-reads';
import { siteOrigin } from '../config';
import { sendCompressed } from '../http/compressed';
import { errorDetails } from '../http/endpoint';
import type { PageRequest, PageResponse } from '../http/types';
import { webRenderModule, webRenderText } from '../http/web-render';
import type { BlogIsland, BlogPageRenderer, RenderedBlogPage } from '@bargains/model/contracts/blog-island';
import { blogListPath } from '@bargains/model/contracts/blog-links';
import { BLOG_RENDERER_FILE, BLOG_SHELL_FILE } from '@bargains/model/contracts/blog-shell';

export type BlogHttpRequest = PageRequest;
/** A page function's response, which can also redirect (a cursor naming no post). */
export interface BlogHttpResponse extends PageResponse {
  redirect(status: number, url: string): unknown;
}

const FEED_SIZE = 20;
const SITEMAP_SIZE = 50_000;

const blogShell = () => webRenderText(BLOG_SHELL_FILE);
const blogRenderer = () => webRenderModule<BlogPageRenderer>(BLOG_RENDERER_FILE);

interface Reply {
  status: number;
  contentType: string;
  cacheControl: string;
  body: string;
}

const html = (status: number, cacheControl: string, body: string): Reply => ({
  status,
  contentType: 'text/html; charset=utf-8',
  cacheControl,
  body,
});

function page(
  origin: string,
  status: number,
  cacheControl: string,
  rendered: RenderedBlogPage,
  head: (title: string) => PageHead,
  island: BlogIsland,
): Reply {
  return html(
    status,
    cacheControl,
    composeBlogDocument(blogShell(), origin, head(rendered.title), rendered, island),
  );
}

async function notFound(origin: string, path: string): Promise<Reply> {
  const rendered = (await blogRenderer()).renderNotFound({ path });
  return page(origin, 404, shortCacheControl, rendered, (title) => notFoundHead(path, title), {
    page: 'not-found',
    path,
  });
}

async function reply(url: string): Promise<Reply | { redirect: string }> {
  const origin = siteOrigin();
  const route = routeBlogRequest(url);
  const path = new URL(url, 'http://localhost');
  const requestPath = `${path.pathname}${path.search}`;
  switch (route.kind) {
    case 'robots':
      return {
        status: 200,
        contentType: 'text/plain; charset=utf-8',
        cacheControl: blogCacheControl,
        body: robotsTxt(origin),
      };
    case 'sitemap':
      return {
        status: 200,
        contentType: 'application/xml; charset=utf-8',
        cacheControl: blogCacheControl,
        body: sitemapXml(origin, await readBlogSummaries(db(), SITEMAP_SIZE)),
      };
    case 'feed':
      return {
        status: 200,
        contentType: 'application/rss+xml; charset=utf-8',
        cacheControl: blogCacheControl,
        body: rssXml(origin, await readBlogSummaries(db(), FEED_SIZE)),
      };
    case 'bad-request':
      return html(400, 'no-store', badRequestDocument(route.message));
    case 'not-found':
      return notFound(origin, path.pathname);
    case 'list': {
      const [listPage, render] = await Promise.all([readBlogListPage(db(), route.after), blogRenderer()]);
      if (listPage === 'unknown-cursor') return { redirect: blogListPath(null) };
      const rendered = render.renderList({ path: requestPath, ...listPage });
      return page(
        origin,
        200,
        blogCacheControl,
        rendered,
        (title) => listHead(listPage.posts, blogListPath(route.after), title),
        { page: 'list', path: requestPath, ...listPage },
      );
    }
    case 'post': {
      // jsdom loads (first request only) while the read is in flight.
      const [post, render, sanitizer] = await Promise.all([
        readBlogPost(db(), route.id),
        blogRenderer(),
        serverBlogHtml(origin),
      ]);
      if (!post) return notFound(origin, path.pathname);
      const rendered = render.renderPost({
        path: path.pathname,
        post,
        preparedBody: sanitizer.prepareBody(post.html_content),
      });
      return page(origin, 200, blogCacheControl, rendered, (title) => postHead(origin, post, title), {
        page: 'post',
        path: path.pathname,
        post,
      });
    }
  }
}

function badRequestDocument(message: string): string {
  const escaped = escapeMarkup(message);
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Bad request · Bargains</title></head><body><h1>Bad request</h1><p>${escaped}</p><p><a href="/blog">Go to the blog</a></p></body></html>\n`;
}

export async function handle(req: BlogHttpRequest, res: BlogHttpResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.status(405).set('Allow', 'GET, HEAD').set('Cache-Control', 'no-store').send('Method not allowed');
    return;
  }
  const started = performance.now();
  try {
    const result = await reply(req.url);
    if ('redirect' in result) {
      res.set('Cache-Control', shortCacheControl).redirect(302, result.redirect);
      return;
    }
    res
      .status(result.status)
      .set('Content-Type', result.contentType)
      .set('Cache-Control', result.cacheControl)
      // The render's own time, for the benchmark and for anyone reading the network panel.
      .set('Server-Timing', `render;dur=${(performance.now() - started).toFixed(1)}`);
    sendCompressed(req, res, result.body);
  } catch (error) {
    logger.error('render_blog.failed', { url: req.url, ...errorDetails(error) });
    if (res.headersSent) return;
    res
      .status(500)
      .set('Content-Type', 'text/plain; charset=utf-8')
      .set('Cache-Control', 'no-store')
      .send('Something went wrong while loading this page. Please try again.');
  }
}
