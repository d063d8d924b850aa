// Publishes an HTML file as a blog post (there is no admin UI, docs/reference.md#blog). Usage: npm run publish-post -- --help
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { applicationDefault, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { serverBlogHtml } from '../functions/src/blog/server-dom';
import {
  buildBlogDocument,
  parsePublishOptions,
  resolvePublishTarget,
  type PublishTarget,
} from '../tools/blog/publish';
import { storeBlogPost } from '../tools/blog/store';
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

The body is stored sanitized; title, description, tags and read time are derived from the HTML once, here.`;

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
    },
  });

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
  const sanitizer = await serverBlogHtml('https://publisher.invalid');
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

  if (target.kind === 'emulator') {
    process.env['FIRESTORE_EMULATOR_HOST'] = target.host;
    // Nothing here runs on Google Cloud: without this the auth library probes the metadata server, and on some
    // networks its answer (e.g. a 403) is printed as a warning on every emulator publish.
    process.env['METADATA_SERVER_DETECTION'] ??= 'none';
  }
  const app: App = initializeApp(
    target.kind === 'emulator'
      ? { projectId: target.projectId }
      : { projectId: target.projectId, credential: applicationDefault() },
    `publish-post-${Date.now()}`,
  );
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

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(EXIT_FAILURE);
  },
);
