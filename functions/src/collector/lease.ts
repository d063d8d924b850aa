// One collection run per source at a time: a lease in collector_state/{source} (taken and renewed with
// precondition writes) that expires on its own, so a crashed run blocks the next one for at most LEASE_TTL_MS. A run
// that cannot take the lease records itself as skipped; a run that loses it (it stalled longer than the TTL
// and another run took over) stops before its next write.
import { type Firestore, Timestamp } from 'firebase-admin/firestore';
import { collectorStateDocPath } from '@bargains/model/paths';

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

const GRPC_ALREADY_EXISTS = 6;
const GRPC_FAILED_PRECONDITION = 9;

/**
 * Takes the source's lease for `runId`, or throws LeaseHeldError naming the run that holds it. Every change is
 * a write with a precondition (create = "does not exist yet", update = "unchanged since I read it"), so of two
 * runs racing for the lease exactly one write lands and the other sees the lease held.
 */
export async function acquireLease(db: Firestore, sourceId: string, runId: string): Promise<Lease> {
  const ref = db.doc(collectorStateDocPath(sourceId));
  const claim = async (mustHold: boolean): Promise<boolean> => {
    const snapshot = await ref.get();
    const holder: unknown = snapshot.get('lease_run_id');
    const expires: unknown = snapshot.get('lease_expires_at');
    const active = Boolean(holder) && expires instanceof Timestamp && expires.toMillis() > Date.now();
    if (mustHold ? holder !== runId : active && holder !== runId) return false;
    const lease = { lease_run_id: runId, lease_expires_at: Timestamp.fromMillis(Date.now() + LEASE_TTL_MS) };
    try {
      if (!snapshot.exists) await ref.create(lease);
      else if (snapshot.updateTime) await ref.update(lease, { lastUpdateTime: snapshot.updateTime });
      return true;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === GRPC_ALREADY_EXISTS || code === GRPC_FAILED_PRECONDITION) return false;
      throw error;
    }
  };

  if (!(await claim(false))) {
    const holder: unknown = (await ref.get()).get('lease_run_id');
    throw new LeaseHeldError(`another collection run (${String(holder)}) holds the ${sourceId} lease`);
  }
  let lost = false;
  const timer = setInterval(() => {
    claim(true)
      .then((held) => {
        if (!held) lost = true;
      })
      // A failed renewal is retried at the next tick (the TTL leaves room for several), but not without a trace.
      .catch((error: unknown) =>
        console.warn('collector.lease_renew_failed: retrying at the next tick', { sourceId, runId, error }),
      );
  }, LEASE_RENEW_MS);
  timer.unref();

  return {
    assertHeld() {
      if (lost) throw new LeaseLostError(`the ${sourceId} lease was taken over by another run`);
    },
    async release() {
      clearInterval(timer);
      const snapshot = await ref.get();
      if (snapshot.get('lease_run_id') !== runId || !snapshot.updateTime) return;
      await ref
        .update({ lease_run_id: null, lease_expires_at: null }, { lastUpdateTime: snapshot.updateTime })
        .catch((error: unknown) => {
          // Someone else changed the lease meanwhile: it is theirs now, nothing to release.
          if ((error as { code?: unknown }).code !== GRPC_FAILED_PRECONDITION) throw error;
        });
    },
  };
}
