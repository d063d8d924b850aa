// Stripe's webhook signature scheme. Implemented with node:crypto rather than the SDK's test helper so the tests,
// which verify every delivery with the SDK's `constructEvent`, check an independent implementation.
import { createHmac } from 'node:crypto';

/** `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed with the endpoint secret>`. */
export function stripeSignatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
