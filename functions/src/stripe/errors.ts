// Stripe SDK errors are recognised by shape (the SDK is imported lazily, so no `instanceof`).

interface StripeErrorShape {
  type?: unknown;
  code?: unknown;
  statusCode?: unknown;
}

function shape(error: unknown): StripeErrorShape {
  return typeof error === 'object' && error !== null ? (error as StripeErrorShape) : {};
}

/** The object does not exist in this Stripe account (or mode). */
export function isStripeResourceMissing(error: unknown): boolean {
  const { code, statusCode } = shape(error);
  return code === 'resource_missing' || statusCode === 404;
}

/** The same idempotency key was used with different parameters (or has expired server-side). */
export function isStripeIdempotencyError(error: unknown): boolean {
  return shape(error).type === 'StripeIdempotencyError';
}
