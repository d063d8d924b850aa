// The handler's answers that need no Firestore (the emulator integration test covers the pages). /robots.txt is
// checked here because the Functions emulator answers that path itself.
import { gunzipSync } from 'node:zlib';
import { handle, type BlogHttpRequest, type BlogHttpResponse } from './render-blog';

const request = (method: string, url: string, headers: Record<string, string> = {}): BlogHttpRequest => ({
  method,
  url,
  get: (name) => headers[name.toLowerCase()],
});

class FakeResponse implements BlogHttpResponse {
  statusCode = 200;
  headers: Record<string, string> = {};
  body: string | undefined;
  /** True when the body was sent compressed. */
  encoded = false;
  headersSent = false;
  status(code: number) {
    this.statusCode = code;
    return this;
  }
  set(field: string, value: string) {
    this.headers[field.toLowerCase()] = value;
    return this;
  }
  send(body: string | Buffer) {
    this.body = typeof body === 'string' ? body : gunzipSync(body).toString('utf8');
    this.encoded = typeof body !== 'string';
    this.headersSent = true;
    return this;
  }
  redirect(status: number, url: string) {
    this.statusCode = status;
    this.headers.location = url;
    this.headersSent = true;
    return this;
  }
}

beforeAll(() => {
  process.env.APP_ORIGIN = 'https://bargains.example';
});
afterAll(() => {
  delete process.env.APP_ORIGIN;
});

test('/robots.txt is plain text naming the sitemap, cacheable at the CDN', async () => {
  const res = new FakeResponse();
  await handle(request('GET', '/robots.txt'), res);
  expect(res.statusCode).toBe(200);
  expect(res.encoded).toBe(false);
  expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(res.headers['cache-control']).toBe('public, max-age=60, s-maxage=300, stale-while-revalidate=600');
  expect(res.body).toContain('Sitemap: https://bargains.example/sitemap.xml');
});

test('a bad cursor is a 400 page that is never cached, before any read', async () => {
  const res = new FakeResponse();
  await handle(request('GET', '/blog?after=%3Cscript%3E', { 'accept-encoding': 'gzip, deflate, br' }), res);
  expect(res.statusCode).toBe(400);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.encoded).toBe(true);
  expect(res.headers['content-encoding']).toBe('gzip');
  expect(res.headers.vary).toBe('Accept-Encoding');
  expect(res.body).toContain('must name one blog post');
  expect(res.body).not.toContain('<script>');
});

test('only GET and HEAD are answered', async () => {
  const res = new FakeResponse();
  await handle(request('POST', '/blog'), res);
  expect(res.statusCode).toBe(405);
  expect(res.headers.allow).toBe('GET, HEAD');
});
