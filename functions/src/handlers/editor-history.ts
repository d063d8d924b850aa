// POST editor_history {deal_id} → {entries}: a deal's editor history, newest first (model/editor.ts
// AuditEntryDoc, with each entry's id for undo). Editors only.
import { db } from '../admin';
import { HISTORY_LIMIT, historyRequestSchema } from '../editor/queue';
import { parseJsonBody } from '../http/body';
import { requireEditor } from '../http/editor-auth';
import { endpoint } from '../http/endpoint';
import { dealAuditPath } from '@bargains/model/editor';

const MAX_BODY_BYTES = 1024;

export const handle = endpoint({ name: 'editor_history', method: 'POST', cors: true }, async (req) => {
  await requireEditor(req);
  const { deal_id: dealId } = parseJsonBody(req, historyRequestSchema, MAX_BODY_BYTES);
  const snapshot = await db()
    .collection(dealAuditPath(dealId))
    .orderBy('at', 'desc')
    .limit(HISTORY_LIMIT)
    .get();
  return { body: { entries: snapshot.docs.map((entry) => ({ id: entry.id, ...entry.data() })) } };
});
