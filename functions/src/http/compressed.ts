// Pages the functions render (render_blog, render_dashboard) are compressed here (about 1 ms for a page): a page's
// bytes are what a phone on a slow network waits for first, and Hosting's CDN keeps a cacheable page compressed.
import { gzipSync } from 'node:zlib';
import type { PageRequest, PageResponse } from './types';

/** Sends `body`, gzipped when the request accepts it. */
export function sendCompressed(
  req: Pick<PageRequest, 'get'>,
  res: Pick<PageResponse, 'set' | 'send'>,
  body: string,
): void {
  res.set('Vary', 'Accept-Encoding');
  if (/\bgzip\b/.test(req.get('accept-encoding') ?? ''))
    res.set('Content-Encoding', 'gzip').send(gzipSync(body));
  else res.send(body);
}
