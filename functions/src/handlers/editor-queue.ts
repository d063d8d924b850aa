// POST editor_queue {view?, q?} → {items} (editor/queue.ts): the editor's deal queue. Editors only.
import { db } from '../admin';
import { readQueue, queueRequestSchema } from '../editor/queue';
import { parseJsonBody } from '../http/body';
import { requireEditor } from '../http/editor-auth';
import { endpoint } from '../http/endpoint';

const MAX_BODY_BYTES = 1024;

export const handle = endpoint({ name: 'editor_queue', method: 'POST', cors: true }, async (req) => {
  await requireEditor(req);
  const request = parseJsonBody(req, queueRequestSchema, MAX_BODY_BYTES);
  return { body: { items: await readQueue(db(), request ?? { view: 'all', q: '' }, new Date()) } };
});
