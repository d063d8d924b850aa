// Writes the demo dataset (dataset.ts) into the Auth and Firestore emulators through the Admin SDK. Run it with
// `npm run demo-data` (scripts/demo-data/run.ts), which starts empty emulators around it and exports the
// result to emulator-data/. Re-running replaces the demo documents, so the output only depends on dataset.ts.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, getAuth } from 'firebase-admin/auth';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  DEMO_META_DOC_PATH,
  STORE_SUMMARY_DOC_PATH,
  stripeCustomerDocPath,
  userDocPath,
} from '@bargains/model/paths';
import { dealDocuments } from '@bargains/model/deal';
import { storeLocationDocuments } from '@bargains/model/near-you';
import { dealActivityPath } from '@bargains/model/popularity';
import { dealVoteDocPath } from '@bargains/model/votes';
import { publishDemoPosts } from '../../tools/blog/demo-posts';
import { EDITOR_CLAIM } from '@bargains/model/editor-role';
import type { DemoAccount } from './constants';
import { buildDemoDataset, type DemoDataset } from './dataset';

const PROJECT_ID = 'demo-bargains';

/** Refuses to run anywhere but the emulators: this script overwrites collections. */
function assertEmulators(env: NodeJS.ProcessEnv): void {
  const missing = ['FIRESTORE_EMULATOR_HOST', 'FIREBASE_AUTH_EMULATOR_HOST'].filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new Error(
      `${missing.join(' and ')} not set: run this through \`npm run demo-data\`, which starts the emulators.`,
    );
  }
}

async function upsertAccount(auth: Auth, account: DemoAccount): Promise<void> {
  const properties = {
    email: account.email,
    password: account.password,
    displayName: account.displayName,
    emailVerified: true,
  };

  try {
    await auth.updateUser(account.uid, properties);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'auth/user-not-found') throw error;
    await auth.createUser({ uid: account.uid, ...properties });
  }
  // The editor role is a custom claim on the account; the other demo accounts have no claims.
  if (account.editor === true) await auth.setCustomUserClaims(account.uid, { [EDITOR_CLAIM]: true });
}

/** Batched writes in chunks (a batch holds at most 500 operations in production). */
async function commitInChunks(db: Firestore, writes: Array<{ path: string; data: object }>): Promise<void> {
  const CHUNK = 400;
  for (let i = 0; i < writes.length; i += CHUNK) {
    const batch = db.batch();
    for (const { path, data } of writes.slice(i, i + CHUNK)) batch.set(db.doc(path), data);
    await batch.commit();
  }
}

export async function writeDemoAccounts(auth: Auth, dataset: DemoDataset): Promise<void> {
  for (const account of dataset.accounts) await upsertAccount(auth, account);
}

/** Writes the dataset and publishes the demo blog posts; resolves to the number of posts. */
export async function writeDemoFirestore(db: Firestore, dataset: DemoDataset): Promise<number> {
  // Start from empty content collections so a deal or post removed from dataset.ts does not linger.
  await db.recursiveDelete(db.collection(COLLECTIONS.deals));
  await db.recursiveDelete(db.collection(COLLECTIONS.dealSearch));
  await db.recursiveDelete(db.collection(COLLECTIONS.dealStores));
  await db.recursiveDelete(db.collection(COLLECTIONS.dealSummaries));
  await db.recursiveDelete(db.collection(COLLECTIONS.blogs));
  await db.recursiveDelete(db.collection(COLLECTIONS.blogSummaries));
  await commitInChunks(db, [
    { path: DEMO_META_DOC_PATH, data: dataset.meta },
    ...dataset.users.map(({ uid, doc }) => ({ path: userDocPath(uid), data: doc })),
    ...dataset.stripeCustomers.map(({ customerId, doc }) => ({
      path: stripeCustomerDocPath(customerId),
      data: doc,
    })),
    ...dataset.deals.flatMap(({ id, doc }) => [
      ...dealDocuments(id, doc),
      ...storeLocationDocuments(id, doc),
    ]),
    ...dataset.votes.map(({ dealId, uid, doc }) => ({ path: dealVoteDocPath(dealId, uid), data: doc })),
    ...dataset.activity.map(({ dealId, id, doc }) => ({
      path: `${dealActivityPath(dealId)}/${id}`,
      data: doc,
    })),
    { path: STORE_SUMMARY_DOC_PATH, data: dataset.storeSummary },
  ]);
  // The posts go through the publisher's own steps (tools/blog/demo-posts.ts).
  return publishDemoPosts(db);
}

async function main(): Promise<void> {
  assertEmulators(process.env);
  const app = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? PROJECT_ID }, 'demo-data');
  try {
    const dataset = buildDemoDataset();
    await writeDemoAccounts(getAuth(app), dataset);
    const posts = await writeDemoFirestore(getFirestore(app), dataset);
    console.log(
      `demo-data: wrote ${dataset.accounts.length} accounts, ${dataset.deals.length} deals and ` +
        `${posts} blog posts (anchor ${dataset.meta.anchor}).`,
    );
  } finally {
    await deleteApp(app);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error('demo-data: generation failed:', error);
    process.exit(1);
  });
}
