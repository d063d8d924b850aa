// Stripe's error envelope: `{ error: { type, code?, message, param? } }` with the HTTP status Stripe uses.

export type StripeErrorType = 'invalid_request_error' | 'idempotency_error' | 'card_error' | 'api_error';

export interface StripeErrorBody {
  error: {
    type: StripeErrorType;
    message: string;
    code?: string;
    param?: string;
    doc_url?: string;
  };
}

export class StripeApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 404 | 409 | 413 | 429 | 500,
    readonly type: StripeErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
    this.name = 'StripeApiError';
  }

  toBody(): StripeErrorBody {
    const error: StripeErrorBody['error'] = { type: this.type, message: this.message };
    if (this.code !== undefined) {
      error.code = this.code;
      error.doc_url = `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}`;
    }
    if (this.param !== undefined) error.param = this.param;
    return { error };
  }
}

export const invalidRequest = (message: string, param?: string, code?: string): StripeApiError =>
  new StripeApiError(400, 'invalid_request_error', message, code, param);

export const resourceMissing = (kind: string, id: string, param = 'id'): StripeApiError =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

/** A missing object referenced from a request body is a 400 in Stripe (the URL itself was fine). */
export const referencedResourceMissing = (kind: string, id: string, param: string): StripeApiError =>
  new StripeApiError(400, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

export const parameterMissing = (param: string): StripeApiError =>
  invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');

export const parameterUnknown = (param: string): StripeApiError =>
  invalidRequest(
    `Received unknown parameter: ${param} (the local Stripe stand-in accepts the parameters listed in tools/stripe-standin/src/api-params.ts).`,
    param,
    'parameter_unknown',
  );

export const unrecognizedUrl = (method: string, path: string): StripeApiError =>
  new StripeApiError(
    404,
    'invalid_request_error',
    `Unrecognized request URL (${method}: ${path}). The local Stripe stand-in implements only the endpoints listed in tools/stripe-standin/README.md.`,
    'resource_missing',
  );

export const authenticationError = (message: string): StripeApiError =>
  new StripeApiError(401, 'invalid_request_error', message);

export const idempotencyMismatch = (key: string): StripeApiError =>
  new StripeApiError(
    400,
    'idempotency_error',
    `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  );
