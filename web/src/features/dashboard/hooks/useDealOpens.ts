import { createContext, useCallback, useContext, useMemo, useRef } from 'react';
import type { Firestore } from 'firebase/firestore/lite';
import { utcDayOf } from '@bargains/model/popularity';
import { writeDealOpen } from '../api/deal-activity';

/** Records a View Deal open for "Most popular"; null where nothing is recorded (signed out). */
export type RecordDealOpen = (dealId: string) => void;

export const DealOpensContext = createContext<RecordDealOpen | null>(null);

export const useRecordDealOpen = (): RecordDealOpen | null => useContext(DealOpensContext);

/**
 * The signed-in subscriber's View Deal opens: one write per deal per UTC day of this session (the rules and the
 * document id make a repeat count nothing anyway). Nothing on the card depends on it, so a failed write is
 * logged, not shown, and the next open of that deal tries again.
 */
export function useDealOpens(db: Firestore, uid: string | null): RecordDealOpen | null {
  const recorded = useRef(new Set<string>());
  const record = useCallback(
    (dealId: string) => {
      if (uid === null) return;
      const now = new Date();
      const key = `${dealId}/${utcDayOf(now)}`;
      if (recorded.current.has(key)) return;
      recorded.current.add(key);
      writeDealOpen(db, uid, dealId, now).catch((error: unknown) => {
        recorded.current.delete(key);
        console.error('dashboard.deal_open_not_recorded', dealId, error);
      });
    },
    [db, uid],
  );
  return useMemo(() => (uid === null ? null : record), [uid, record]);
}
