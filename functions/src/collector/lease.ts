// One collection run per source at a time: a lease in collector_state/{source} (taken and renewed in
// transactions) that expires on its own, so a crashed run blocks the next one for at most LEASE_TTL_MS. A run
// that cannot take the lease records itself as skipped; a run that loses it (it stalled longer than the TTL
// and another run took over) stops before its next write.
import { type Firestore, Timestamp } from 'firebase-admin/firestore';
import { collectorStateDocPath } from '../model/paths';

export const LEASE_TTL_MS = 3 * 60 * 1000;
export const LEASE_RENEW_MS = 45 * 1000;

export class LeaseHeldError extends Error {
  override readonly name = 'LeaseHeldError';
}
export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
}

export interface Lease {
  /** Throws LeaseLostError when another run took the lease over. */
  assertHeld(): void;
  release(): Promise<void>;
}

/** Takes the source's lease for `runId`, or throws LeaseHeldError naming the run that holds it. */
export async function acquireLease(db: Firestore, sourceId: string, runId: string): Promise<Lease> {
  const ref = db.doc(collectorStateDocPath(sourceId));
  const claim = async (mustHold: boolean): Promise<boolean> =>
    db.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref);
      const holder: unknown = snapshot.get('lease_run_id');
      const expires: unknown = snapshot.get('lease_expires_at');
      const active = holder && expires instanceof Timestamp && expires.toMillis() > Date.now();
      if (mustHold ? holder !== runId : active && holder !== runId) return false;
      transaction.set(
        ref,
        { lease_run_id: runId, lease_expires_at: Timestamp.fromMillis(Date.now() + LEASE_TTL_MS) },
        { merge: true },
      );
      return true;
    });

  if (!(await claim(false))) {
    const holder = (await ref.get()).get('lease_run_id');
    throw new LeaseHeldError(`another collection run (${String(holder)}) holds the ${sourceId} lease`);
  }
  let lost = false;
  const timer = setInterval(() => {
    claim(true)
      .then((held) => {
        if (!held) lost = true;
      })
      .catch(() => {
        // A failed renewal is retried at the next tick; the TTL leaves room for several.
      });
  }, LEASE_RENEW_MS);
  timer.unref();

  return {
    assertHeld() {
      if (lost) throw new LeaseLostError(`the ${sourceId} lease was taken over by another run`);
    },
    async release() {
      clearInterval(timer);
      await db.runTransaction(async (transaction) => {
        const snapshot = await transaction.get(ref);
        if (snapshot.get('lease_run_id') !== runId) return;
        transaction.set(ref, { lease_run_id: null, lease_expires_at: null }, { merge: true });
      });
    },
  };
}
