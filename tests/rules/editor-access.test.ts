// The editor's data under the rules (model/editor.ts, docs/editor.md): editors read the deal overrides and their
// audit trail, and subscribers and editors the latest hides and pins (editorial_changes/recent); nobody (editors
// included) writes them, the deals or the blog from a client. Every persona ×
// collection × operation, asserted in both directions, with the editor personas of the ID token's claims:
// `editor: true`, a revoked editor (the claim gone from a refreshed token) and claims that are not exactly true.
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  limit,
  query,
  setDoc,
  updateDoc,
} from 'firebase/firestore';
import { dealAuditPath, dealOverrideDocPath, EDITOR_COLLECTIONS, NO_OVERRIDES } from '@bargains/model/editor';
import { EDITORIAL_CHANGES_DOC_PATH, withEditorialChange } from '@bargains/model/editorial-changes';
import { blogDocPath, COLLECTIONS, dealDocPath } from '@bargains/model/paths';
import { clientDb, DEAL_SEED, type Operation, UIDS, useSeededRulesEnvironment } from './harness';

const OPERATIONS: readonly Operation[] = ['get', 'list', 'create', 'update', 'delete'];

const PERSONAS = {
  editor: { uid: 'editor-user', claims: { editor: true } },
  revokedEditor: { uid: 'revoked-editor', claims: {} },
  editorFalse: { uid: 'editor-false', claims: { editor: false } },
  editorString: { uid: 'editor-string', claims: { editor: 'true' } },
  subscriber: { uid: UIDS.subscriber, claims: {} },
  free: { uid: UIDS.free, claims: {} },
  signedOut: null,
} as const;
type Persona = keyof typeof PERSONAS;
const PERSONA_NAMES = Object.keys(PERSONAS) as Persona[];

const DEAL_ID = 'editor-deal';
const ENTRY_ID = 'entry-1';
const OVERRIDE = {
  ...NO_OVERRIDES,
  pinned: true,
  source: DEAL_SEED,
  source_changed_at: null,
  updated_at: '2025-01-01T00:00:00.000Z',
  updated_by: 'editor-user',
};
const EDITORIAL_CHANGES = withEditorialChange(undefined, DEAL_ID, {
  hidden: false,
  pinned: true,
  at: '2025-01-01T00:00:00.000Z',
});
const ENTRY = {
  deal_id: DEAL_ID,
  action: 'pin',
  by_uid: 'editor-user',
  by_email: null,
  at: '2025-01-01T00:00:00.000Z',
  before: { pinned: false },
  after: { pinned: true },
  undo_of: null,
};

function dbOf(env: RulesTestEnvironment, persona: Persona): Firestore {
  const identity = PERSONAS[persona];
  return clientDb(
    identity === null
      ? env.unauthenticatedContext()
      : env.authenticatedContext(identity.uid, identity.claims),
  );
}

function documentAttempts(
  path: string,
  data: Record<string, unknown>,
): Record<Operation, (db: Firestore) => Promise<unknown>> {
  const parent = path.slice(0, path.lastIndexOf('/'));
  return {
    get: (db) => getDoc(doc(db, path)),
    list: (db) => getDocs(query(collection(db, parent), limit(5))),
    create: (db) => setDoc(doc(db, `${parent}/client-made`), data),
    update: (db) => updateDoc(doc(db, path), { touched: true }),
    delete: (db) => deleteDoc(doc(db, path)),
  };
}

interface Target {
  name: string;
  attempt: Record<Operation, (db: Firestore) => Promise<unknown>>;
  allowed: Partial<Record<Operation, readonly Persona[]>>;
}

const TARGETS: Target[] = [
  {
    name: EDITOR_COLLECTIONS.dealOverrides,
    attempt: documentAttempts(dealOverrideDocPath(DEAL_ID), OVERRIDE),
    allowed: { get: ['editor'], list: ['editor'] },
  },
  {
    name: `${EDITOR_COLLECTIONS.dealOverrides}/{id}/${EDITOR_COLLECTIONS.audit}`,
    attempt: documentAttempts(`${dealAuditPath(DEAL_ID)}/${ENTRY_ID}`, ENTRY),
    allowed: { get: ['editor'], list: ['editor'] },
  },
  {
    // The latest hides and pins an open dashboard re-reads: one document, for subscribers and editors.
    name: EDITORIAL_CHANGES_DOC_PATH,
    attempt: documentAttempts(EDITORIAL_CHANGES_DOC_PATH, EDITORIAL_CHANGES),
    allowed: { get: ['editor', 'subscriber'] },
  },
  {
    // The stored deal: an editor writes it only through editor_action.
    name: `${COLLECTIONS.deals} (writes)`,
    attempt: documentAttempts(dealDocPath(DEAL_ID), { ...DEAL_SEED, title: 'Edited on the client' }),
    allowed: { get: ['subscriber'], list: ['subscriber'] },
  },
  {
    name: `${COLLECTIONS.blogs} (writes)`,
    attempt: documentAttempts(blogDocPath('editor-post'), { title: 'Written on the client' }),
    allowed: { get: PERSONA_NAMES, list: PERSONA_NAMES },
  },
];

const env = useSeededRulesEnvironment(async (environment) => {
  await environment.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await db.doc(dealOverrideDocPath(DEAL_ID)).set(OVERRIDE);
    await db.doc(`${dealAuditPath(DEAL_ID)}/${ENTRY_ID}`).set(ENTRY);
    await db.doc(dealDocPath(DEAL_ID)).set(DEAL_SEED);
    await db.doc(EDITORIAL_CHANGES_DOC_PATH).set(EDITORIAL_CHANGES);
    await db.doc(blogDocPath('editor-post')).set({ title: 'A post' });
  });
});

const CASES = TARGETS.flatMap((target) =>
  OPERATIONS.flatMap((operation) =>
    PERSONA_NAMES.map((persona) => {
      const allowed = target.allowed[operation]?.includes(persona) ?? false;
      return [target.name, operation, persona, allowed ? 'allowed' : 'denied', target, allowed] as const;
    }),
  ),
);

describe('editor data under firestore.rules', () => {
  it.each(CASES)('%s: %s by %s is %s', async (_name, operation, persona, _verdict, target, allowed) => {
    const attempt = target.attempt[operation](dbOf(env(), persona));
    if (allowed) await assertSucceeds(attempt);
    else await assertFails(attempt);
  });
});
