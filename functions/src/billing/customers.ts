// One Stripe customer per user, and one open Checkout Session per customer at a time. Concurrent calls
// (a double-click) share Stripe idempotency keys, so they get the same customer and the same session.
import { randomUUID } from 'node:crypto';
import { FieldValue } from 'firebase-admin/firestore';
import type Stripe from 'stripe' with { 'resolution-mode': 'import' };
import { db } from '../admin';
import { runTransaction } from '../firestore-contention';
import * as logger from 'firebase-functions/logger';
import { HttpError } from '../http/errors';
import { isStripeResourceMissing } from '../stripe/errors';
import { FIREBASE_UID_METADATA_KEY } from '../stripe/objects';
import { customerRef, customersOfUser, customerFromSnapshot, saveCustomerMapping } from './documents';
import type { CheckoutAttempt } from '@bargains/model/server-docs';

export const ACCOUNT_DELETED_MESSAGE = 'This account has been deleted';

interface CustomerOwner {
  uid: string;
  email: string | null;
}

/**
 * The user's Stripe customer, created on first checkout with the uid in its metadata. The idempotency key is
 * derived from the uid, so concurrent first calls create one customer (Stripe replays the first answer).
 */
export async function ensureCustomer(stripe: Stripe, user: CustomerOwner): Promise<string> {
  const records = await customersOfUser(user.uid);
  if (records.some((record) => record.deleted)) throw new HttpError(403, ACCOUNT_DELETED_MESSAGE);
  const existing = records[0];
  if (existing) return existing.customerId;
  return createCustomer(stripe, user, `bargains-customer-${user.uid}`);
}

/** Stripe's answer for a customer id it does not know (deleted in the dashboard, or from the other mode). */
export function isMissingCustomer(error: unknown): boolean {
  return isStripeResourceMissing(error) && (error as { param?: unknown }).param === 'customer';
}

/**
 * Replaces a mapped customer that no longer exists in Stripe with a new one. Its mapping is removed (Stripe
 * cannot send events for a customer it does not have); concurrent calls share the new customer's idempotency key.
 */
export async function replaceMissingCustomer(
  stripe: Stripe,
  user: CustomerOwner,
  missingCustomerId: string,
): Promise<string> {
  logger.warn('billing.customer_missing_in_stripe', { uid: user.uid, customerId: missingCustomerId });
  await runTransaction(db(), async (tx) => {
    const mapping = customerFromSnapshot(await tx.get(customerRef(missingCustomerId)));
    if (mapping?.uid === user.uid && !mapping.deleted) tx.delete(customerRef(missingCustomerId));
  });
  return createCustomer(stripe, user, `bargains-customer-${user.uid}-replacing-${missingCustomerId}`);
}

/**
 * Runs a Stripe call with the user's customer; if Stripe no longer has that customer, once more with a new one.
 */
export async function withLiveCustomer<T>(
  stripe: Stripe,
  user: CustomerOwner,
  call: (customerId: string) => Promise<T>,
): Promise<T> {
  const customerId = await ensureCustomer(stripe, user);
  try {
    return await call(customerId);
  } catch (error) {
    if (!isMissingCustomer(error)) throw error;
    return call(await replaceMissingCustomer(stripe, user, customerId));
  }
}

async function createCustomer(stripe: Stripe, user: CustomerOwner, idempotencyKey: string): Promise<string> {
  const customer = await stripe.customers.create(
    {
      ...(user.email ? { email: user.email } : {}),
      metadata: { [FIREBASE_UID_METADATA_KEY]: user.uid },
    },
    { idempotencyKey },
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
  return runTransaction(db(), async (tx) => {
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
  await runTransaction(db(), async (tx) => {
    const snapshot = await tx.get(customerRef(customerId));
    if (customerFromSnapshot(snapshot)?.checkout?.idempotency_key === idempotencyKey) {
      tx.update(customerRef(customerId), { checkout: null });
    }
  });
}

/**
 * Expires the customer's open Checkout Sessions except `keep`, so that none of them can still be paid. Returns
 * the ones found paid meanwhile (their expiry failed because they were complete).
 */
export async function expireOpenCheckoutSessions(
  stripe: Stripe,
  customerId: string,
  keep: string | null,
): Promise<{ expired: string[]; completed: string[] }> {
  const open = await stripe.checkout.sessions.list({ customer: customerId, status: 'open', limit: 100 });
  const expired: string[] = [];
  const completed: string[] = [];
  for (const session of open.data) {
    if (session.id === keep) continue;
    try {
      await stripe.checkout.sessions.expire(session.id);
      expired.push(session.id);
    } catch (error) {
      const current = await stripe.checkout.sessions.retrieve(session.id);
      if (current.status === 'complete') completed.push(session.id);
      else if (current.status !== 'expired') throw error;
    }
  }
  return { expired, completed };
}

/** Marks the mapping as belonging to a deleted account; the webhook then ignores this customer's events. */
export async function markCustomerDeleted(customerId: string): Promise<void> {
  await customerRef(customerId).update({ deleted_at: FieldValue.serverTimestamp(), checkout: null });
}
