// POST editor_action {action, deal_id, …} (model/editor.ts editorActionSchema) → {entry_id, overrides}. One editor
// action on one deal: verify / unverify / source_verified, hide {reason} / unhide, pin / unpin, edit {title,
// description, category}, undo {entry_id}. Editors only (http/editor-auth.ts); logged with who and what.
import * as logger from 'firebase-functions/logger';
import { db } from '../admin';
import { applyEditorAction } from '../editor/actions';
import { parseJsonBody } from '../http/body';
import { requireEditor } from '../http/editor-auth';
import { endpoint } from '../http/endpoint';
import { editorActionSchema } from '@bargains/model/editor';

const MAX_BODY_BYTES = 8 * 1024;

export const handle = endpoint({ name: 'editor_action', method: 'POST', cors: true }, async (req) => {
  const editor = await requireEditor(req);
  const action = parseJsonBody(req, editorActionSchema, MAX_BODY_BYTES);
  const outcome = await applyEditorAction(db(), editor, action, new Date());
  logger.info('editor_action.applied', {
    editor: editor.uid,
    action: action.action,
    deal: action.deal_id,
    entry: outcome.entry_id,
  });
  return { body: outcome };
});
