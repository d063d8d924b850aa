// One Stripe customer per user, and one open Checkout Session per customer at a time. Concurrent calls
// (a double-click) share Stripe idempotency keys, so they get the same customer and the same session.
import { randomUUID } from 'node:crypto';
import { FieldValue } from 'firebase-admin/firestore';
import type Stripe from 'stripe' with { 'resolution-mode': 'import' };
import { db } from '../admin';
import { HttpError } from '../http/errors';
import { FIREBASE_UID_METADATA_KEY } from '../stripe/objects';
import { customerRef, customersOfUser, customerFromSnapshot, saveCustomerMapping } from './store';
import type { CheckoutAttempt } from '../model/server-docs';

export const ACCOUNT_DELETED_MESSAGE = 'This account has been deleted';

/**
 * The user's Stripe customer, created on first checkout with the uid in its metadata. The idempotency key is
 * derived from the uid, so concurrent first calls create one customer (Stripe replays the first answer).
 */
export async function ensureCustomer(
  stripe: Stripe,
  user: { uid: string; email: string | null },
): Promise<string> {
  const records = await customersOfUser(user.uid);
  if (records.some((record) => record.deleted)) throw new HttpError(403, ACCOUNT_DELETED_MESSAGE);
  const existing = records[0];
  if (existing) return existing.customerId;

  const customer = await stripe.customers.create(
    {
      ...(user.email ? { email: user.email } : {}),
      metadata: { [FIREBASE_UID_METADATA_KEY]: user.uid },
    },
    { idempotencyKey: `bargains-customer-${user.uid}` },
  );
  if (customer.metadata[FIREBASE_UID_METADATA_KEY] !== user.uid) {
    throw new Error(`Stripe customer ${customer.id} does not carry uid ${user.uid} in its metadata`);
  }
  await saveCustomerMapping(user.uid, customer.id);
  return customer.id;
}

/** Stripe's minimum Checkout Session lifetime is 30 minutes; a little more absorbs clock skew. */
export const CHECKOUT_SESSION_LIFETIME_SECONDS = 31 * 60;
/** A session closer than this to expiring is not handed out again (the user needs time to pay). */
export const CHECKOUT_MIN_REMAINING_SECONDS = 5 * 60;

export interface ReservedCheckout extends CheckoutAttempt {
  /** True when another call reserved this attempt (its session may already exist, or be complete). */
  reused: boolean;
}

/**
 * Picks the idempotency key for this checkout: the current attempt's while its session is still usable,
 * otherwise a new one. Done in a transaction, so concurrent calls agree on the key.
 */
export async function reserveCheckoutAttempt(
  customerId: string,
  nowSeconds: number,
): Promise<ReservedCheckout> {
  return db().runTransaction(async (tx) => {
    const snapshot = await tx.get(customerRef(customerId));
    const current = customerFromSnapshot(snapshot)?.checkout ?? null;
    if (current !== null && current.expires_at - nowSeconds > CHECKOUT_MIN_REMAINING_SECONDS) {
      return { ...current, reused: true };
    }
    const attempt: CheckoutAttempt = {
      idempotency_key: `bargains-checkout-${customerId}-${randomUUID()}`,
      expires_at: nowSeconds + CHECKOUT_SESSION_LIFETIME_SECONDS,
    };
    tx.update(customerRef(customerId), { checkout: attempt });
    return { ...attempt, reused: false };
  });
}

/** Forgets an attempt (its session completed, expired or failed) unless a newer one replaced it already. */
export async function retireCheckoutAttempt(customerId: string, idempotencyKey: string): Promise<void> {
  await db().runTransaction(async (tx) => {
    const snapshot = await tx.get(customerRef(customerId));
    if (customerFromSnapshot(snapshot)?.checkout?.idempotency_key === idempotencyKey) {
      tx.update(customerRef(customerId), { checkout: null });
    }
  });
}

/** Marks the mapping as belonging to a deleted account; the webhook then ignores this customer's events. */
export async function markCustomerDeleted(customerId: string): Promise<void> {
  await customerRef(customerId).update({ deleted_at: FieldValue.serverTimestamp(), checkout: null });
}
