// The editor's overrides against the collector (model/editor.ts, collector/kept-overrides.ts), on the Firestore
// emulator in a project of its own: a re-collect of the same feed keeps a hidden deal hidden and a pinned, edited
// deal pinned and edited; a changed feed updates the source's version under the overrides and flags an edited
// field the source changed; undo brings a hidden deal back from the source's version.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';
import { type SourceAdapter, wiredAdapter } from '../../functions/src/collector/adapters';
import { openFeedFile } from '../../functions/src/collector/feed';
import { runCollection, type RunSummary } from '../../functions/src/collector/pipeline';
import { applyEditorAction } from '../../functions/src/editor/actions';
import { dealAuditPath, dealOverrideDocPath } from '@bargains/model/editor';
import { dealDocPath, dealSearchDocPath } from '@bargains/model/paths';
import { FIRESTORE_EMULATOR } from './support/env';

process.env.FIRESTORE_EMULATOR_HOST ??= FIRESTORE_EMULATOR;

const dir = mkdtempSync(join(tmpdir(), 'editor-collector-'));
const editor = { uid: 'editor-uid', email: 'ed@bargains.test' };
let app: App;
let db: Firestore;
let adapter: SourceAdapter;

beforeAll(() => {
  app = initializeApp({ projectId: 'demo-bargains-editor' }, 'editor-collector-tests');
  db = getFirestore(app);
});
afterAll(async () => {
  await deleteApp(app);
});
beforeEach(() => {
  adapter = { ...wiredAdapter, id: `ed${randomUUID().slice(0, 8)}` };
});

function record(n: number, changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: `d${n}`,
    title: `Deal ${n}`,
    description: 'Test deal.',
    savings: `${n * 10}% off`,
    type: 'code',
    code: `C${n}`,
    start_date: '2026-02-01T00:00:00Z',
    end_date: '2099-02-01T00:00:00Z',
    shop_id: 'acme',
    shop_name: 'Acme',
    url_home: `https://acme.example/d${n}`,
    is_verified: false,
    ...changes,
  };
}

function feed(records: Array<Record<string, unknown>>): string {
  const path = join(dir, `${randomUUID()}.ndjson`);
  writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return path;
}

function collect(path: string): Promise<RunSummary> {
  const quiet = () => undefined;
  return runCollection({
    db,
    adapter,
    openFeed: () => openFeedFile(path),
    trigger: 'cli',
    now: new Date(),
    logger: { info: quiet, warn: quiet, error: quiet },
  });
}

const idOf = (n: number) => `${adapter.id}_d${n}`;
const listing = async (n: number) => (await db.doc(dealDocPath(idOf(n))).get()).data();
const search = async (n: number) => (await db.doc(dealSearchDocPath(idOf(n))).get()).data();
const override = async (n: number) => (await db.doc(dealOverrideDocPath(idOf(n))).get()).data();

describe('editor overrides through a re-collect', () => {
  it('keeps a hidden deal hidden and a pinned, edited, verified deal as the editor left it', async () => {
    const records = [record(1), record(2), record(3)];
    await collect(feed(records));
    await applyEditorAction(
      db,
      editor,
      { action: 'hide', deal_id: idOf(1), reason: 'Misleading' },
      new Date(),
    );
    await applyEditorAction(db, editor, { action: 'pin', deal_id: idOf(2) }, new Date());
    await applyEditorAction(db, editor, { action: 'verify', deal_id: idOf(2) }, new Date());
    await applyEditorAction(
      db,
      editor,
      { action: 'edit', deal_id: idOf(2), title: 'Deal 2, better said' },
      new Date(),
    );
    expect(await listing(1)).toBeUndefined();
    expect(await search(1)).toBeUndefined();
    expect(await listing(2)).toMatchObject({
      editor_pick: true,
      is_verified: true,
      title: 'Deal 2, better said',
    });

    // The same feed again: nothing changed at the source, nothing is rewritten.
    const same = await collect(feed(records));
    expect(same.counts).toMatchObject({ unchanged: 3, updated: 0 });
    expect(await listing(1)).toBeUndefined();
    expect(await listing(2)).toMatchObject({
      editor_pick: true,
      is_verified: true,
      title: 'Deal 2, better said',
    });

    // The source changes both deals: the overrides still stand, over the source's new version.
    const changed = await collect(
      feed([
        record(1, { savings: '55% off' }),
        record(2, { title: 'Deal 2 (new words)', savings: '66% off' }),
        record(3),
      ]),
    );
    expect(changed.counts).toMatchObject({ updated: 2 });
    expect(await listing(1)).toBeUndefined();
    expect(await search(1)).toBeUndefined();
    const pinned = await listing(2);
    expect(pinned).toMatchObject({
      editor_pick: true,
      is_verified: true,
      title: 'Deal 2, better said',
      savings: '66% off',
    });
    expect(await search(2)).toMatchObject({ editor_pick: true, title: 'Deal 2, better said' });
    expect(await override(2)).toMatchObject({
      title: 'Deal 2, better said',
      source: expect.objectContaining({ title: 'Deal 2 (new words)', savings: '66% off' }),
      source_changed_at: expect.any(String),
    });
    // The hidden deal's source version moved on too: unhiding shows the new savings.
    expect(await override(1)).toMatchObject({ source: expect.objectContaining({ savings: '55% off' }) });
    expect(await override(1)).toMatchObject({ source_changed_at: null });
  });

  it('undoes a hide from its history entry: the deal is back as the source has it', async () => {
    await collect(feed([record(1), record(2)]));
    const hidden = await applyEditorAction(
      db,
      editor,
      { action: 'hide', deal_id: idOf(1), reason: 'Expired at the shop' },
      new Date(),
    );
    expect(hidden.entry_id).not.toBeNull();
    const entries = await db.collection(dealAuditPath(idOf(1))).get();
    expect(entries.docs.map((entry) => entry.data())).toEqual([
      expect.objectContaining({
        action: 'hide',
        by_uid: editor.uid,
        by_email: editor.email,
        before: { hidden_reason: null },
        after: { hidden_reason: 'Expired at the shop' },
      }),
    ]);
    const undone = await applyEditorAction(
      db,
      editor,
      { action: 'undo', deal_id: idOf(1), entry_id: hidden.entry_id ?? '' },
      new Date(),
    );
    expect(undone.overrides.hidden_reason).toBeNull();
    expect(await listing(1)).toMatchObject({ title: 'Deal 1', savings: '10% off' });
    expect(await search(1)).toMatchObject({ title: 'Deal 1' });
    const history = await db
      .collection(dealAuditPath(idOf(1)))
      .orderBy('at', 'desc')
      .get();
    expect(history.docs.map((entry) => entry.get('action'))).toEqual(['undo', 'hide']);
    expect(history.docs[0]?.get('undo_of')).toBe(hidden.entry_id);

    // An action that changes nothing writes nothing.
    const again = await applyEditorAction(db, editor, { action: 'unhide', deal_id: idOf(1) }, new Date());
    expect(again.entry_id).toBeNull();
  });
});
