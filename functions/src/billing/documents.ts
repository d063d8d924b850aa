// Firestore documents owned by the billing functions: users/{uid} billing fields, the server-only
// stripe_customers/{customerId} mapping, and stripe_events/{eventId} (the webhook's "already processed" set).
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
} from 'firebase-admin/firestore';
import { db } from '../admin';
import { runTransaction } from '../firestore-contention';
import { gracePeriodSeconds } from '../config';
import { COLLECTIONS, stripeCustomerDocPath, stripeEventDocPath, userDocPath } from '@bargains/model/paths';
import {
  parseStripeCustomerRecord,
  parseStripeEventRecord,
  type BillingSideEffect,
  type CustomerBillingState,
  type StripeCustomerDoc,
  type StripeCustomerRecord,
  type StripeEventDoc,
  type StripeEventRecord,
} from '@bargains/model/server-docs';
import { newUserDoc, parseUser, type UserDoc } from '@bargains/model/user';
import type { SubscriptionSnapshot } from '../stripe/objects';
import {
  decideBilling,
  mirrorOf,
  type SkipReason,
  type SnapshotSource,
  type StoredBillingState,
  type SubscriptionMirror,
} from './state';

export const userRef = (uid: string): DocumentReference => db().doc(userDocPath(uid));
export const customerRef = (customerId: string): DocumentReference =>
  db().doc(stripeCustomerDocPath(customerId));
export const eventRef = (eventId: string): DocumentReference => db().doc(stripeEventDocPath(eventId));

/** Processed-event records are only needed while Stripe may still redeliver (it retries for 3 days). */
const EVENT_RECORD_TTL_DAYS = 30;

/** The customer mapping in a snapshot, through the shared model (null when missing or malformed). */
export function customerFromSnapshot(snapshot: DocumentSnapshot | undefined): StripeCustomerRecord | null {
  return snapshot?.exists ? parseStripeCustomerRecord(snapshot.id, snapshot.data()) : null;
}

/** Every Stripe customer mapped to the user (normally one), including deleted-account tombstones. */
export async function customersOfUser(uid: string): Promise<StripeCustomerRecord[]> {
  const snapshot = await db().collection(COLLECTIONS.stripeCustomers).where('uid', '==', uid).get();
  return snapshot.docs.map(customerFromSnapshot).filter((record) => record !== null);
}

/** users/{uid} in a snapshot, through the shared model (null when missing or malformed). */
function userFromSnapshot(uid: string, snapshot: DocumentSnapshot | undefined): UserDoc | null {
  return snapshot?.exists ? parseUser(uid, snapshot.data()) : null;
}

/** Reads users/{uid} through the shared model (null when missing or malformed). */
export async function readUser(uid: string): Promise<UserDoc | null> {
  return userFromSnapshot(uid, await userRef(uid).get());
}

/** Fields that create users/{uid} with the model's initial values when a billing write finds it missing. */
function initialFieldsIfMissing(exists: boolean): Record<string, unknown> {
  return exists ? {} : newUserDoc(FieldValue.serverTimestamp());
}

/** Links a new customer to the user: the server-only mapping, and stripe_customer_id on the user document. */
export async function saveCustomerMapping(uid: string, customerId: string): Promise<void> {
  await runTransaction(db(), async (tx) => {
    const [user, customer] = await tx.getAll(userRef(uid), customerRef(customerId));
    if (!customer?.exists) {
      const mapping: StripeCustomerDoc<FieldValue> = {
        uid,
        created_at: FieldValue.serverTimestamp(),
        deleted_at: null,
        checkout: null,
      };
      tx.set(customerRef(customerId), mapping);
    }
    tx.set(
      userRef(uid),
      {
        ...initialFieldsIfMissing(user?.exists ?? false),
        stripe_customer_id: customerId,
        updated_at: FieldValue.serverTimestamp(),
      },
      { merge: true },
    );
  });
}

export interface ProcessedEvent {
  id: string;
  type: string;
  created: number;
}

export function eventRecord(
  event: ProcessedEvent,
  uid: string | null,
  outcome: string,
  effects: BillingSideEffect[] = [],
): StripeEventDoc<FieldValue, Timestamp> {
  return {
    type: event.type,
    created: event.created,
    uid,
    outcome,
    processed_at: FieldValue.serverTimestamp(),
    expires_at: Timestamp.fromMillis(Date.now() + EVENT_RECORD_TTL_DAYS * 24 * 60 * 60 * 1000),
    effects,
    effects_done: effects.length === 0,
  };
}

/** The recorded decision for an event, or null when it was never processed. */
export async function readEventRecord(eventId: string): Promise<StripeEventRecord | null> {
  const snapshot = await eventRef(eventId).get();
  return snapshot.exists ? parseStripeEventRecord(eventId, snapshot.data()) : null;
}

/** Records an event that was decided without touching a user (unknown customer, nothing to apply, …). */
export async function recordEvent(event: ProcessedEvent, uid: string | null, outcome: string): Promise<void> {
  try {
    await eventRef(event.id).create(eventRecord(event, uid, outcome));
  } catch (error) {
    // ALREADY_EXISTS: a concurrent delivery of the same event recorded it first; nothing else to do.
    if ((error as { code?: unknown }).code !== 6) throw error;
  }
}

/** Marks an event's side effects as carried out (a redelivery then has nothing left to do). */
export async function markEffectsDone(eventId: string): Promise<void> {
  await eventRef(eventId).update({ effects_done: true });
}

export type ApplyOutcome =
  | {
      outcome: 'applied';
      before: StoredBillingState | null;
      after: SubscriptionMirror;
      stamp: number | null;
      effects: BillingSideEffect[];
    }
  | {
      outcome: 'skipped';
      reason: SkipReason;
      before: StoredBillingState | null;
      effects: BillingSideEffect[];
    }
  /** The event was recorded before (a redelivery, or a concurrent copy that won). */
  | { outcome: 'duplicate'; record: StripeEventRecord | null }
  /** The customer is no longer linked to this user (delete_account ran, or the mapping disagrees). */
  | { outcome: 'unlinked'; reason: 'account_deleted' | 'customer_mismatch'; effects: BillingSideEffect[] }
  | { outcome: 'reread'; before: StoredBillingState | null };

/** Where a snapshot is applied from: a webhook event (recorded with the decision) or an API call's read. */
export interface ApplyContext {
  event: ProcessedEvent | null;
  /** See SideEffectContext.openSubscriptions. */
  openSubscriptions: readonly SubscriptionSnapshot[] | null;
}

/**
 * The state the decision orders against: the customer mapping's (server-only, so it survives a user deleting
 * users/{uid}); for a mapping written before it kept one, the user document's, when it mirrors this customer.
 */
export function storedStateOf(
  customer: StripeCustomerRecord,
  user: UserDoc | null,
): StoredBillingState | null {
  if (customer.billing !== null) return customer.billing;
  return user !== null && user.stripe_customer_id === customer.customerId ? user : null;
}

/**
 * Decides and writes in one transaction: the decision (decideBilling) over the stored state, the mirror on
 * users/{uid} and the customer mapping, and (for webhook events) the processed-event record carrying the side
 * effects to run, so a duplicate or concurrent delivery is decided at most once and an older snapshot never
 * overwrites a newer one. Once delete_account has marked the mapping, nothing is mirrored for that user again.
 */
export async function applySnapshot(
  uid: string,
  snapshot: SubscriptionSnapshot,
  source: SnapshotSource,
  context: ApplyContext = { event: null, openSubscriptions: null },
): Promise<ApplyOutcome> {
  const { event } = context;
  const graceSeconds = gracePeriodSeconds();
  return runTransaction(db(), async (tx): Promise<ApplyOutcome> => {
    const refs = [userRef(uid), customerRef(snapshot.customerId), ...(event ? [eventRef(event.id)] : [])];
    const [userSnap, customerSnap, eventSnap] = await tx.getAll(...refs);
    if (event && eventSnap?.exists) {
      return { outcome: 'duplicate', record: parseStripeEventRecord(event.id, eventSnap.data()) };
    }
    const customer = customerFromSnapshot(customerSnap);
    if (customer === null || customer.uid !== uid) {
      if (event) tx.create(eventRef(event.id), eventRecord(event, uid, 'customer_mismatch'));
      return { outcome: 'unlinked', reason: 'customer_mismatch', effects: [] };
    }
    const user = userFromSnapshot(uid, userSnap);
    const before = storedStateOf(customer, user);
    const decision = decideBilling(before, snapshot, source, {
      eventType: event?.type ?? null,
      accountDeletedAt: customer.deleted ? (customer.deletedAtSeconds ?? 0) : null,
      openSubscriptions: context.openSubscriptions,
      clock: { graceSeconds, nowMillis: Date.now() },
    });
    const { effects } = decision;
    if (decision.mirror.action === 'reread') return { outcome: 'reread', before };
    if (decision.mirror.action === 'skip') {
      const { reason } = decision.mirror;
      if (event) tx.create(eventRef(event.id), eventRecord(event, uid, reason, effects));
      return reason === 'account_deleted'
        ? { outcome: 'unlinked', reason, effects }
        : { outcome: 'skipped', reason, before, effects };
    }
    const after = mirrorOf(snapshot, graceSeconds, before);
    const { stamp } = decision.mirror;
    const billing: CustomerBillingState = {
      subscription_active: after.subscription_active,
      subscription_status: after.subscription_status,
      stripe_subscription_id: after.stripe_subscription_id,
      current_period_end: after.current_period_end,
      cancel_at_period_end: after.cancel_at_period_end,
      last_stripe_event_created: stamp,
      grace_period_end: after.grace_period_end,
      payment_method_id: after.payment_method_id,
      card_brand: after.card_brand,
      card_last4: after.card_last4,
    };
    tx.update(customerRef(snapshot.customerId), { billing });
    tx.set(
      userRef(uid),
      {
        ...initialFieldsIfMissing(userSnap?.exists ?? false),
        ...after,
        last_stripe_event_created: stamp,
        ...(event ? { last_stripe_event_id: event.id } : {}),
        updated_at: FieldValue.serverTimestamp(),
      },
      { merge: true },
    );
    if (event) tx.create(eventRef(event.id), eventRecord(event, uid, 'applied', effects));
    return { outcome: 'applied', before, after, stamp, effects };
  });
}
