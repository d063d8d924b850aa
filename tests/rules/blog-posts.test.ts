// blogs/{id} and blog_summaries/{id}: the only writer is the composer's function write_blog_post (and the ops
// command, with the Admin SDK). The rules give no client a write path, an editor included: every post write goes
// through the function's server-side editor check (docs/blog-composer.md).
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, type Firestore, getDoc, setDoc, updateDoc, writeBatch } from 'firebase/firestore';
import { blogSummaryDoc } from '@bargains/model/blog';
import { COLLECTIONS } from '@bargains/model/paths';
import { BLOG_SEED, clientDb, dbFor, ROLES, SEEDED, useSeededRulesEnvironment } from './harness';

const env = useSeededRulesEnvironment();

/** Personas beyond the harness's: an editor (the custom claim) and an editor whose claim was removed. */
function editorDb(environment: RulesTestEnvironment, claims: Record<string, unknown>): Firestore {
  return clientDb(environment.authenticatedContext('editor-user', claims));
}

const writes: Record<string, (db: Firestore) => Promise<unknown>> = {
  'create a post': (db) => setDoc(doc(db, `${COLLECTIONS.blogs}/post-new`), BLOG_SEED),
  'create a summary': (db) =>
    setDoc(doc(db, `${COLLECTIONS.blogSummaries}/post-new`), blogSummaryDoc(BLOG_SEED)),
  'update a post': (db) => updateDoc(doc(db, SEEDED.blog), { title: 'Defaced' }),
  'update a summary': (db) => updateDoc(doc(db, SEEDED.blogSummary), { title: 'Defaced' }),
  'unpublish (delete) a post': (db) => deleteDoc(doc(db, SEEDED.blog)),
  'unpublish (delete) a summary': (db) => deleteDoc(doc(db, SEEDED.blogSummary)),
  'publish a post and its summary in one batch': (db) =>
    writeBatch(db)
      .set(doc(db, `${COLLECTIONS.blogs}/post-new`), BLOG_SEED)
      .set(doc(db, `${COLLECTIONS.blogSummaries}/post-new`), blogSummaryDoc(BLOG_SEED))
      .commit(),
};

const personas: Record<string, (environment: RulesTestEnvironment) => Firestore> = {
  'an editor': (environment) => editorDb(environment, { editor: true }),
  'a revoked editor (claim false)': (environment) => editorDb(environment, { editor: false }),
  'a token whose editor claim is not a boolean': (environment) => editorDb(environment, { editor: 'true' }),
  ...Object.fromEntries(
    ROLES.map((role) => [role, (environment: RulesTestEnvironment) => dbFor(environment, role)]),
  ),
};

describe.each(Object.entries(personas))('%s', (_persona, dbOf) => {
  it.each(Object.entries(writes))('cannot %s', async (_write, attempt) => {
    await assertFails(attempt(dbOf(env())));
  });

  it('reads a published post like every reader', async () => {
    await assertSucceeds(getDoc(doc(dbOf(env()), SEEDED.blog)));
  });
});
