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
