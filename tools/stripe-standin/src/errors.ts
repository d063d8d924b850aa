// Stripe's error envelope `{ error: { type, code?, message, param? } }` with the HTTP status Stripe uses; the SDK
// maps `type` and the status to its error classes (StripeInvalidRequestError, StripeIdempotencyError, …).

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly type: 'invalid_request_error' | 'idempotency_error' | 'api_error' = status >= 500
      ? 'api_error'
      : 'invalid_request_error',
  ) {
    super(message);
  }

  toBody() {
    return { error: { type: this.type, message: this.message, code: this.code, param: this.param } };
  }
}

export const invalidRequest = (message: string, param?: string, code?: string): StripeApiError =>
  new StripeApiError(400, message, code, param);

/** An unknown id in the URL is a 404; one named in the request body (`param`) is a 400, as in Stripe. */
export const resourceMissing = (kind: string, id: string, param?: string): StripeApiError =>
  new StripeApiError(param ? 400 : 404, `No such ${kind}: '${id}'`, 'resource_missing', param ?? 'id');
