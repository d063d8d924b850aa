// Publishes an HTML file as a blog post (there is no admin UI, docs/reference.md#blog). Usage: npm run publish-post -- --help
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { applicationDefault, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { FieldPath, Timestamp, getFirestore } from 'firebase-admin/firestore';
import { PUBLISHER_ORIGIN } from '../functions/src/blog/post-document';
import { serverBlogHtml } from '../functions/src/blog/server-dom';
import { blogSummaryDocPath } from '@bargains/model/paths';
import { planBackfill } from '../tools/blog/backfill';
import {
  buildBlogDocument,
  parseBackfillOptions,
  parsePublishOptions,
  resolvePublishTarget,
  type PublishTarget,
} from '../tools/blog/publish';
import { storeBlogPost } from '../functions/src/blog/post-writes';
import { parseCommandLine } from './lib/cli';

const USAGE = `Publish an HTML file as a blog post (creates it, or updates the post with the same id).

  npm run publish-post -- --file post.html --id my-post --cover /blog/covers/x.svg \\
    --author-name "Maya Chen" --author-avatar /blog/avatars/maya-chen.svg --author-bio "..." \\
    [--date 2025-05-01] [--emulator | --project <firebase-project-id>] [--dry-run]

  --file           HTML file (a full page or a fragment); relative paths are resolved from your shell's directory
  --id             post id, lowercase-with-hyphens; the post is served at /blog/{id}
  --cover          cover image: a site path (/blog/...) or an https:// URL
  --author-name    author display name
  --author-avatar  author avatar: a site path or an https:// URL
  --author-bio     one or two sentences shown under the post
  --date           publication date (2025-05-01, midnight UTC) or ISO date-time; default: now for a new post,
                   unchanged for an existing one
  --emulator       write to the local Firestore emulator (FIRESTORE_EMULATOR_HOST or 127.0.0.1:8080, project demo-bargains)
  --project        write to this Firebase project using Application Default Credentials
  --dry-run        print the derived fields and stop without writing

The body is stored sanitized; title, description, tags and read time are derived from the HTML once, here.

  npm run publish-post -- --backfill (--emulator | --project <firebase-project-id>) [--dry-run]

  --backfill       bring every stored post up to what this command writes today: sanitized body, plain-text
                   derived fields (kept when set, derived when missing), dates kept, and its blog_summaries
                   document. Writes only what differs, so running it again changes nothing.`;

const EXIT_USAGE = 2;
const EXIT_FAILURE = 1;

function describeTarget(target: PublishTarget): string {
  return target.kind === 'emulator'
    ? `the Firestore emulator at ${target.host} (project ${target.projectId})`
    : `Firebase project ${target.projectId}`;
}

async function main(): Promise<number> {
  const { values } = parseCommandLine(USAGE, {
    options: {
      file: { type: 'string' },
      id: { type: 'string' },
      cover: { type: 'string' },
      'author-name': { type: 'string' },
      'author-avatar': { type: 'string' },
      'author-bio': { type: 'string' },
      date: { type: 'string' },
      emulator: { type: 'boolean' },
      project: { type: 'string' },
      'dry-run': { type: 'boolean' },
      backfill: { type: 'boolean' },
    },
  });

  if (values['backfill']) return backfill(values);

  const parsed = parsePublishOptions(values);
  if (!parsed.ok) {
    console.error(`Invalid arguments:\n${parsed.errors.map((error) => `  ${error}`).join('\n')}\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  const options = parsed.options;
  const target = resolvePublishTarget(options, process.env);
  if ('error' in target && !options.dryRun) {
    console.error(target.error);
    return EXIT_USAGE;
  }

  // npm run switches to the package root; INIT_CWD is the directory the command was typed in.
  const filePath = resolve(process.env['INIT_CWD'] ?? process.cwd(), options.file);
  let html: string;
  try {
    html = await readFile(filePath, 'utf8');
  } catch (error) {
    console.error(
      `Cannot read --file ${filePath}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return EXIT_USAGE;
  }

  // The origin only decides which absolute links count as external (new tab); the render recomputes it.
  const sanitizer = await serverBlogHtml(PUBLISHER_ORIGIN);
  const now = new Date();
  const built = buildBlogDocument(
    html,
    options,
    { publishedAt: options.date ?? now, updatedAt: now },
    (raw) => sanitizer.sanitize(raw),
  );
  if ('error' in built) {
    console.error(`${filePath}: ${built.error}`);
    return EXIT_USAGE;
  }
  const { title, description, tags, readTimeMinutes } = built.document;
  const summary = `  title: ${title}\n  description: ${description || '(none)'}\n  tags: ${tags.join(', ') || '(none)'}\n  read time: ${readTimeMinutes} min`;
  if (options.dryRun || 'error' in target) {
    console.log(`Dry run, nothing written. Derived fields for '${options.id}':\n${summary}`);
    return 0;
  }

  const app = openTarget(target);
  try {
    const stored = await storeBlogPost(getFirestore(app), options.id, built.document, {
      requested: options.date,
      now,
    });
    console.log(
      `${stored.existed ? 'Updated' : 'Published'} ${stored.path} in ${describeTarget(target)}:\n${summary}\n  published: ${stored.publishedAt.toISOString()}`,
    );
    return 0;
  } catch (error) {
    console.error(
      `Publishing to ${describeTarget(target)} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return EXIT_FAILURE;
  } finally {
    // The Admin SDK keeps gRPC channels open; without this the process never exits.
    await deleteApp(app);
  }
}

function openTarget(target: PublishTarget): App {
  if (target.kind === 'emulator') {
    process.env['FIRESTORE_EMULATOR_HOST'] = target.host;
    // Nothing here runs on Google Cloud: without this the auth library probes the metadata server, and on some
    // networks its answer (e.g. a 403) is printed as a warning on every emulator publish.
    process.env['METADATA_SERVER_DETECTION'] ??= 'none';
  }
  return initializeApp(
    target.kind === 'emulator'
      ? { projectId: target.projectId }
      : { projectId: target.projectId, credential: applicationDefault() },
    `publish-post-${Date.now()}`,
  );
}

/** Posts read per page: bodies are up to 900 KiB each. */
const BACKFILL_PAGE_SIZE = 50;

/** `--backfill`: every post brought up to today's publisher (tools/blog/backfill.ts); idempotent. */
async function backfill(values: Record<string, string | boolean | undefined>): Promise<number> {
  const parsed = parseBackfillOptions(values);
  if (!parsed.ok) {
    console.error(`Invalid arguments:\n${parsed.errors.map((error) => `  ${error}`).join('\n')}\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  const target = resolvePublishTarget(parsed.options, process.env);
  if ('error' in target) {
    console.error(target.error);
    return EXIT_USAGE;
  }
  const dryRun = parsed.options.dryRun;
  const sanitizer = await serverBlogHtml(PUBLISHER_ORIGIN);
  const app = openTarget(target);
  const counts = { read: 0, changed: 0, unchanged: 0, skipped: 0 };
  try {
    const db = getFirestore(app);
    let page = await db.collection('blogs').orderBy(FieldPath.documentId()).limit(BACKFILL_PAGE_SIZE).get();
    while (!page.empty) {
      const summaries = await db.getAll(...page.docs.map((post) => db.doc(blogSummaryDocPath(post.id))));
      const batch = db.batch();
      page.docs.forEach((snapshot, index) => {
        counts.read += 1;
        const plan = planBackfill(
          snapshot.id,
          snapshot.data(),
          summaries[index]?.data(),
          (html) => sanitizer.sanitize(html),
          { read: readTimestamp },
        );
        if ('error' in plan) {
          counts.skipped += 1;
          console.error(`  skipped blogs/${plan.id}: ${plan.error}`);
          return;
        }
        if (plan.changes.length === 0) {
          counts.unchanged += 1;
          return;
        }
        counts.changed += 1;
        console.log(`  ${dryRun ? 'would update' : 'updating'} ${plan.changes.join(', ')}`);
        // The post and its summary change together or not at all.
        batch.set(snapshot.ref, plan.post).set(db.doc(blogSummaryDocPath(plan.id)), plan.summary);
      });
      if (!dryRun) await batch.commit();
      const last = page.docs[page.docs.length - 1];
      page = await db
        .collection('blogs')
        .orderBy(FieldPath.documentId())
        .startAfter(last?.id ?? '')
        .limit(BACKFILL_PAGE_SIZE)
        .get();
    }
    console.log(
      `Backfill ${dryRun ? '(dry run, nothing written) ' : ''}of ${describeTarget(target)}: ${counts.read} posts read, ` +
        `${counts.changed} ${dryRun ? 'to update' : 'updated'}, ${counts.unchanged} unchanged, ${counts.skipped} skipped.`,
    );
    return counts.skipped > 0 ? EXIT_FAILURE : 0;
  } catch (error) {
    console.error(
      `Backfill of ${describeTarget(target)} failed after ${counts.read} posts: ${error instanceof Error ? error.message : String(error)}`,
    );
    return EXIT_FAILURE;
  } finally {
    await deleteApp(app);
  }
}

/** Stored dates are Timestamps; an old post may hold an ISO string instead. */
function readTimestamp(value: unknown): Timestamp | null {
  if (value instanceof Timestamp) return value;
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value)))
    return Timestamp.fromDate(new Date(value));
  return null;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(EXIT_FAILURE);
  },
);
