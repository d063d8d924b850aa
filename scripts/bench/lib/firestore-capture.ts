// Records the raw bodies of a page's Firestore responses through the Chrome DevTools Protocol. The full SDK's
// Listen channel is a long-lived streaming response, which Playwright's response.body() only returns once it
// ends; Network.streamResourceContent hands over each chunk as it arrives instead.
import type { CDPSession, Page } from 'playwright-core';
import {
  classifyDocumentReads,
  deliveredDocumentNames,
  extractJsonValues,
  type DocumentReads,
} from './firestore-traffic';

export class FirestoreCapture {
  private readonly bodies = new Map<string, string>();
  private readonly streamed = new Set<string>();
  private readonly pending = new Set<Promise<unknown>>();
  readonly errors: string[] = [];

  private constructor(
    private readonly session: CDPSession,
    private readonly firestoreOrigin: string,
  ) {}

  /** Starts recording before the page navigates; `firestoreOrigin` is e.g. `http://127.0.0.1:8080`. */
  static async attach(page: Page, firestoreOrigin: string): Promise<FirestoreCapture> {
    const session = await page.context().newCDPSession(page);
    const capture = new FirestoreCapture(session, firestoreOrigin);
    capture.listen();
    await session.send('Network.enable', {
      maxTotalBufferSize: 100_000_000,
      maxResourceBufferSize: 50_000_000,
    });
    return capture;
  }

  private track(promise: Promise<unknown>) {
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise));
  }

  private append(requestId: string, base64: string) {
    if (!base64) return;
    this.bodies.set(
      requestId,
      (this.bodies.get(requestId) ?? '') + Buffer.from(base64, 'base64').toString('utf8'),
    );
  }

  private listen() {
    const firestoreRequests = new Set<string>();
    this.session.on('Network.requestWillBeSent', (event) => {
      if (event.request.url.startsWith(this.firestoreOrigin)) firestoreRequests.add(event.requestId);
    });
    this.session.on('Network.responseReceived', (event) => {
      if (!firestoreRequests.has(event.requestId)) return;
      this.track(
        this.session
          .send('Network.streamResourceContent', { requestId: event.requestId })
          .then(({ bufferedData }) => {
            this.streamed.add(event.requestId);
            this.append(event.requestId, bufferedData);
          })
          .catch(() => {
            // Already finished: its body is fetched whole at loadingFinished.
          }),
      );
    });
    this.session.on('Network.dataReceived', (event) => {
      if (this.streamed.has(event.requestId) && event.data) this.append(event.requestId, event.data);
    });
    this.session.on('Network.loadingFinished', (event) => {
      if (!firestoreRequests.has(event.requestId) || this.streamed.has(event.requestId)) return;
      this.track(
        this.session
          .send('Network.getResponseBody', { requestId: event.requestId })
          .then(({ body, base64Encoded }) => {
            if (!this.streamed.has(event.requestId)) {
              this.bodies.set(
                event.requestId,
                base64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body,
              );
            }
          })
          .catch((error: Error) => this.errors.push(`body of a Firestore response: ${error.message}`)),
      );
    });
  }

  /** Documents delivered to the page so far. */
  async reads(): Promise<DocumentReads> {
    await Promise.allSettled([...this.pending]);
    const names = [...this.bodies.values()].flatMap((body) =>
      deliveredDocumentNames(extractJsonValues(body)),
    );
    return classifyDocumentReads(names);
  }

  async detach(): Promise<void> {
    await this.session.detach().catch(() => undefined);
  }
}
