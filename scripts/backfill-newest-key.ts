// Gives every stored deal document Newest First's sort key (model/deal.ts newestKeyOf), which Firestore needs on a
// document for an ordered query to return it. Deals written since the key exists carry it (dealDocuments); run
// this once per project before deploying the web app that orders by it. Usage: npm run backfill-newest-key -- --help
import { applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldPath, getFirestore } from 'firebase-admin/firestore';
import { missingNewestKey } from '@bargains/model/deal';
import { COLLECTIONS } from '@bargains/model/paths';
import { exitWithUsage, parseCommandLine, runMain } from './lib/cli';

const USAGE = `Set newest_key (Newest First's sort key: editor's picks first, then scraped_at) on every stored deal.

  npm run backfill-newest-key -- (--emulator | --project <firebase-project-id>) [--dry-run]

  --emulator   the local Firestore emulator (FIRESTORE_EMULATOR_HOST or 127.0.0.1:8080, project demo-bargains)
  --project    this Firebase project, with Application Default Credentials
  --dry-run    count what would change, write nothing

Writes only documents whose key is missing or stale, so running it again changes nothing.`;

const PAGE_SIZE = 500;
const PROJECT_ID = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;

async function main(): Promise<number> {
  const { values } = parseCommandLine(USAGE, {
    options: {
      emulator: { type: 'boolean' },
      project: { type: 'string' },
      'dry-run': { type: 'boolean' },
    },
  });
  const emulator = values.emulator === true;
  const project = values.project;
  if (emulator === (project !== undefined))
    return exitWithUsage(USAGE, 'Give exactly one of --emulator, --project.\n');
  if (project !== undefined && !PROJECT_ID.test(project))
    return exitWithUsage(USAGE, `--project ${project} is not a Firebase project id.\n`);
  if (emulator) {
    process.env['FIRESTORE_EMULATOR_HOST'] ??= '127.0.0.1:8080';
    // Nothing here runs on Google Cloud: without this the auth library probes the metadata server.
    process.env['METADATA_SERVER_DETECTION'] ??= 'none';
  }
  const app = initializeApp(
    emulator
      ? { projectId: 'demo-bargains' }
      : { projectId: project ?? '', credential: applicationDefault() },
    `backfill-newest-key-${Date.now()}`,
  );
  try {
    const db = getFirestore(app);
    const writer = db.bulkWriter();
    let seen = 0;
    let changed = 0;
    const pending: Promise<unknown>[] = [];
    /** Writes that failed after BulkWriter's retries: reported, and the exit code says so. */
    const failed: string[] = [];
    for (const collection of [COLLECTIONS.deals, COLLECTIONS.dealSearch]) {
      let last: string | null = null;
      for (;;) {
        let query = db.collection(collection).orderBy(FieldPath.documentId()).limit(PAGE_SIZE);
        if (last !== null) query = query.startAfter(last);
        const page = await query.get();
        for (const snapshot of page.docs) {
          seen += 1;
          const key = missingNewestKey(snapshot.data());
          if (key === null) continue;
          changed += 1;
          if (values['dry-run'] !== true)
            pending.push(
              writer.update(snapshot.ref, { newest_key: key }).then(
                () => undefined,
                (error: unknown) => failed.push(`${snapshot.ref.path}: ${(error as Error).message}`),
              ),
            );
        }
        if (page.size < PAGE_SIZE) break;
        last = page.docs[page.docs.length - 1]?.id ?? null;
      }
    }
    await writer.close();
    await Promise.all(pending);
    for (const failure of failed) console.error(`Not written: ${failure}`);
    console.log(
      `${values['dry-run'] === true ? 'Would set' : 'Set'} newest_key on ${changed} of ${seen} deal documents.`,
    );
    return failed.length === 0 ? 0 : 1;
  } finally {
    // The Admin SDK keeps gRPC channels open; without this the process never exits.
    await deleteApp(app);
  }
}

runMain('backfill-newest-key', main);
