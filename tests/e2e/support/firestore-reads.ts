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
}

/** Starts recording before the page navigates. */
export async function recordFirestoreReads(page: Page): Promise<FirestoreReads> {
  const cdp = await page.context().newCDPSession(page);
  const bodies = new Map<string, string>();
  const streamed = new Set<string>();
  const pending = new Set<Promise<unknown>>();
  const preflights = new Set<string>();
  const unreadable: string[] = [];
  const track = (promise: Promise<unknown>) => {
    pending.add(promise);
    void promise.finally(() => pending.delete(promise));
  };
  const append = (id: string, base64: string) =>
    bodies.set(id, (bodies.get(id) ?? '') + Buffer.from(base64, 'base64').toString('utf8'));
  // CORS preflights (Firestore Lite's POSTs) carry no documents and no body the browser keeps.
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    if (request.method === 'OPTIONS') preflights.add(requestId);
  });
  cdp.on('Network.responseReceived', ({ requestId, response, type }) => {
    if (!response.url.startsWith(FIRESTORE_ORIGIN) || type === 'Preflight' || preflights.has(requestId))
      return;
    bodies.set(requestId, '');
    const stream = cdp.send('Network.streamResourceContent', { requestId }).then(({ bufferedData }) => {
      streamed.add(requestId);
      append(requestId, bufferedData);
    });
    // A response that already ended cannot be streamed: its body is read whole when loading finishes.
    track(stream.catch(() => undefined));
  });
  cdp.on('Network.dataReceived', ({ requestId, data }) => {
    if (streamed.has(requestId) && data) append(requestId, data);
  });
  cdp.on('Network.loadingFinished', ({ requestId }) => {
    if (!bodies.has(requestId) || streamed.has(requestId)) return;
    track(
      cdp.send('Network.getResponseBody', { requestId }).then(
        ({ body, base64Encoded }) => {
          if (!streamed.has(requestId))
            bodies.set(requestId, base64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body);
        },
        (error: unknown) => unreadable.push(`${requestId}: ${String(error)}`),
      ),
    );
  });
  await cdp.send('Network.enable', { maxTotalBufferSize: 100_000_000, maxResourceBufferSize: 50_000_000 });
  return {
    async paths() {
      await Promise.all([...pending]);
      // A response whose body could not be read would hide reads: the count is not trustworthy then.
      if (unreadable.length > 0) throw new Error(`unreadable Firestore responses: ${unreadable.join('; ')}`);
      return [...bodies.values()].flatMap((body) =>
        [...body.matchAll(DELIVERED_DOCUMENT)].map((match) => match[1] ?? ''),
      );
    },
  };
}
