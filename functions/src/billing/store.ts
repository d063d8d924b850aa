// Firestore documents owned by the billing functions: users/{uid} billing fields, the server-only
// stripe_customers/{customerId} mapping, and stripe_events/{eventId} (the webhook's "already processed" set).
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import { db } from '../admin';
import { COLLECTIONS, stripeCustomerDocPath, stripeEventDocPath, userDocPath } from '../model/paths';
import {
  parseStripeCustomerRecord,
  type StripeCustomerDoc,
  type StripeCustomerRecord,
  type StripeEventDoc,
} from '../model/server-docs';
import { newUserDoc, parseUser, type UserDoc } from '../model/user';
import type { SubscriptionSnapshot } from '../stripe/objects';
import { decideSnapshot, mirrorOf, type SnapshotSource, type SubscriptionMirror } from './state';

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
  await db().runTransaction(async (tx) => {
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
): StripeEventDoc<FieldValue, Timestamp> {
  return {
    type: event.type,
    created: event.created,
    uid,
    outcome,
    processed_at: FieldValue.serverTimestamp(),
    expires_at: Timestamp.fromMillis(Date.now() + EVENT_RECORD_TTL_DAYS * 24 * 60 * 60 * 1000),
  };
}

export async function eventAlreadyProcessed(eventId: string): Promise<boolean> {
  return (await eventRef(eventId).get()).exists;
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

export type ApplyOutcome =
  | { outcome: 'applied'; before: UserDoc | null; after: SubscriptionMirror; stamp: number | null }
  | { outcome: 'skipped'; reason: 'stale' | 'superseded'; before: UserDoc | null }
  | { outcome: 'duplicate' }
  /** The customer is no longer linked to this user (delete_account ran, or the mapping disagrees). */
  | { outcome: 'unlinked'; reason: 'account_deleted' | 'customer_mismatch' }
  | { outcome: 'reread'; before: UserDoc | null };

function recordIn(tx: Transaction, event: ProcessedEvent | null, uid: string, outcome: string): void {
  if (event !== null) tx.create(eventRef(event.id), eventRecord(event, uid, outcome));
}

/**
 * Applies a subscription snapshot to users/{uid} in one transaction with the ordering decision and (for
 * webhook events) the processed-event record, so a duplicate or concurrent delivery is applied at most once
 * and an older snapshot never overwrites a newer one. The customer mapping is read in the same transaction:
 * once delete_account has marked it, nothing is written for that user again.
 */
export async function applySnapshot(
  uid: string,
  snapshot: SubscriptionSnapshot,
  source: SnapshotSource,
  event: ProcessedEvent | null,
): Promise<ApplyOutcome> {
  return db().runTransaction(async (tx): Promise<ApplyOutcome> => {
    const refs = [userRef(uid), customerRef(snapshot.customerId), ...(event ? [eventRef(event.id)] : [])];
    const [userSnap, customerSnap, eventSnap] = await tx.getAll(...refs);
    if (eventSnap?.exists) return { outcome: 'duplicate' };
    const customer = customerFromSnapshot(customerSnap);
    if (customer === null || customer.deleted || customer.uid !== uid) {
      const reason = customer?.deleted ? 'account_deleted' : 'customer_mismatch';
      recordIn(tx, event, uid, reason);
      return { outcome: 'unlinked', reason };
    }
    const before = userFromSnapshot(uid, userSnap);
    const decision = decideSnapshot(before, snapshot, source);
    if (decision.action === 'reread') return { outcome: 'reread', before };
    if (decision.action === 'skip') {
      recordIn(tx, event, uid, decision.reason);
      return { outcome: 'skipped', reason: decision.reason, before };
    }
    const after = mirrorOf(snapshot);
    tx.set(
      userRef(uid),
      {
        ...initialFieldsIfMissing(userSnap?.exists ?? false),
        ...after,
        last_stripe_event_created: decision.stamp,
        ...(event ? { last_stripe_event_id: event.id } : {}),
        updated_at: FieldValue.serverTimestamp(),
      },
      { merge: true },
    );
    recordIn(tx, event, uid, 'applied');
    return { outcome: 'applied', before, after, stamp: decision.stamp };
  });
}
