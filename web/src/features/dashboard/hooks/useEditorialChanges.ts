import { useEffect, useState } from 'react';
import { doc, getDoc, type Firestore } from 'firebase/firestore/lite';
import {
  EDITORIAL_CHANGES_DOC_PATH,
  EDITORIAL_CHANGES_POLL_MS,
  type EditorialChangesDoc,
  parseEditorialChanges,
} from '@bargains/model/editorial-changes';

const NO_CHANGES: EditorialChangesDoc['deals'] = {};

/**
 * The editors' latest hides and pins (model/editorial-changes.ts), for an open dashboard to apply to the cards it
 * shows. One document read every EDITORIAL_CHANGES_POLL_MS while the tab is visible, and one when it becomes
 * visible again; none when the dashboard opens (the page it just read is current) and none while hidden.
 */
export function useEditorialChanges(db: Firestore, uid: string | null): EditorialChangesDoc['deals'] {
  const [changes, setChanges] = useState<{ updatedAt: string | null; deals: EditorialChangesDoc['deals'] }>({
    updatedAt: null,
    deals: NO_CHANGES,
  });
  useEffect(() => {
    if (uid === null) return;
    let current = true;
    const read = () => {
      getDoc(doc(db, EDITORIAL_CHANGES_DOC_PATH)).then(
        (snapshot) => {
          const data = snapshot.data();
          const updatedAt = typeof data?.['updated_at'] === 'string' ? data['updated_at'] : null;
          if (!current) return;
          setChanges((previous) =>
            previous.updatedAt === updatedAt ? previous : { updatedAt, deals: parseEditorialChanges(data) },
          );
        },
        // The cards stay as the pages read them; the next read tries again.
        (error: unknown) => console.error('dashboard.editorial_changes_load_failed', error),
      );
    };
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') read();
    }, EDITORIAL_CHANGES_POLL_MS);
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') read();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      current = false;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [db, uid]);
  return changes.deals;
}
