// The Firestore documents a tab receives, read from its Firestore responses through the Chrome DevTools Protocol.
// The full SDK's Listen channel is one long streaming response that Playwright hands over only when it ends;
// Network.streamResourceContent delivers each chunk as it arrives. Each delivered document (a Listen
// `documentChange`, a Lite `runQuery` result, a `batchGet` hit) counts once per delivery: what Firestore bills.
import type { Page } from 'playwright-core';

const FIRESTORE_ORIGIN = `http://${process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080'}`;
// A delivered document is an object whose first key is its name: `"document":{"name":"projects/…/documents/…"`
// (Listen and runQuery) or `"found":{"name":…}` (batchGet). Deletions name the document as a plain string.
const DELIVERED_DOCUMENT = /"(?:document|found)"\s*:\s*\{\s*"name"\s*:\s*"[^"]*?\/documents\/([^"]+)"/g;

export interface FirestoreReads {
  /** Paths (`users/abc`, `sources/wired/coupons/x`) of every document delivered so far, in order. */
  paths(): Promise<string[]>;
  /**
   * The same paths per response, in the order the responses began: tells two requests for the same documents
   * (a page read twice) from one response counted twice.
   */
  responses(): Promise<string[][]>;
}

/** Starts recording before the page navigates. */
export async function recordFirestoreReads(page: Page): Promise<FirestoreReads> {
  const cdp = await page.context().newCDPSession(page);
  const bodies = new Map<string, string>();
  const streamed = new Set<string>();
  /** Each Firestore response's streamResourceContent call, settled (it fails for a response that already ended). */
  const streams = new Map<string, Promise<unknown>>();
  const pending = new Set<Promise<unknown>>();
  const track = (promise: Promise<unknown>) => {
    pending.add(promise);
    void promise.finally(() => pending.delete(promise));
  };
  const append = (id: string, base64: string) =>
    bodies.set(id, (bodies.get(id) ?? '') + Buffer.from(base64, 'base64').toString('utf8'));
  cdp.on('Network.responseReceived', ({ requestId, response, type }) => {
    // CORS preflights (Lite's requests have one) carry no document and keep no body to read.
    if (!response.url.startsWith(FIRESTORE_ORIGIN) || type === 'Preflight') return;
    bodies.set(requestId, '');
    const stream = cdp.send('Network.streamResourceContent', { requestId }).then(({ bufferedData }) => {
      streamed.add(requestId);
      append(requestId, bufferedData);
    });
    // A response that already ended cannot be streamed: its body is read whole when loading finishes.
    const settled = stream.catch(() => undefined);
    streams.set(requestId, settled);
    track(settled);
  });
  cdp.on('Network.dataReceived', ({ requestId, data }) => {
    if (streamed.has(requestId) && data) append(requestId, data);
  });
  cdp.on('Network.loadingFinished', ({ requestId }) => {
    if (!bodies.has(requestId)) return;
    // The stream call's answer can arrive after the response ended: a streamed body is not kept for
    // getResponseBody, so decide only once that answer is in.
    track(
      (streams.get(requestId) ?? Promise.resolve()).then(async () => {
        if (streamed.has(requestId)) return;
        const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId });
        bodies.set(requestId, base64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body);
      }),
    );
  });
  await cdp.send('Network.enable', { maxTotalBufferSize: 100_000_000, maxResourceBufferSize: 50_000_000 });
  const responses = async () => {
    await Promise.all([...pending]);
    return [...bodies.values()].map((body) =>
      [...body.matchAll(DELIVERED_DOCUMENT)].map((match) => match[1] ?? ''),
    );
  };
  return {
    responses,
    paths: async () => (await responses()).flat(),
  };
}
