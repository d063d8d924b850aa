// The slice of Express' request/response the endpoints use. Cloud Functions' Request/Response satisfy it
// structurally, and unit tests can pass plain fakes.
export interface HttpRequest {
  method: string;
  /** Header lookup, case-insensitive. */
  get(name: string): string | undefined;
  /** Bytes of the body as received (set by the Functions runtime's body parser when a body was sent). */
  rawBody?: Buffer;
}

export interface HttpResponse {
  status(code: number): this;
  set(field: string, value: string): this;
  json(body: unknown): unknown;
  end(): unknown;
  readonly headersSent: boolean;
}

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/** The slice of Express' request a page function (render_blog, render_dashboard) uses; unit tests pass fakes. */
export interface PageRequest {
  method: string;
  /** Path and query as received, e.g. /blog?after=x. */
  url: string;
  /** Header lookup, case-insensitive. */
  get(name: string): string | undefined;
}

/** The slice of Express' response a page function answers with. */
export interface PageResponse {
  status(code: number): this;
  set(field: string, value: string): this;
  send(body: string | Buffer): unknown;
  readonly headersSent: boolean;
}
