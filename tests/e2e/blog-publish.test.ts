// The ops command `npm run publish-post` against the Firestore emulator (emulators:exec sets
// FIRESTORE_EMULATOR_HOST, which the command follows): create, update in place, refuse bad input.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import { blogDocPath, blogSummaryDocPath } from '@bargains/model/paths';
import { adminDb, closeAdmin } from './support/emulators';

const repoRoot = join(__dirname, '..', '..');
const POST_ID = 'e2e-published-post';
const workDir = mkdtempSync(join(tmpdir(), 'publish-post-'));

interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

function publish(args: string[]): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'scripts', 'publish-post.ts'), ...args],
      { cwd: repoRoot, env: process.env },
      (error, stdout, stderr) => {
        const code = error && typeof error.code === 'number' ? error.code : error ? 1 : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

function writeHtml(name: string, html: string): string {
  const path = join(workDir, name);
  writeFileSync(path, html);
  return path;
}

const authorArgs = [
  '--cover',
  '/blog/covers/energy-bills.svg',
  '--author-name',
  'Ops Writer',
  '--author-avatar',
  '/blog/avatars/sam-lindqvist.svg',
  '--author-bio',
  'Publishes from the command line.',
];

afterAll(async () => {
  await adminDb().doc(blogDocPath(POST_ID)).delete();
  await adminDb().doc(blogSummaryDocPath(POST_ID)).delete();
  await closeAdmin();
});

test('publishes a sanitized post with its derived fields and summary, then updates it keeping the date', async () => {
  const first = writeHtml(
    'first.html',
    `<html><head><script type="application/ld+json">{"@type":"BlogPosting","headline":"First headline","description":"First summary"}</script></head>
     <body><h1>Ignored h1</h1><p onclick="steal()">Body text.</p><script>alert(1)</script><span class="tag">Ops</span></body></html>`,
  );
  const created = await publish(['--file', first, '--id', POST_ID, ...authorArgs, '--date', '2025-05-01']);
  expect(created).toMatchObject({ code: 0, stderr: '' });
  expect(created.stdout).toContain(`Published blogs/${POST_ID}`);

  const ref = adminDb().doc(blogDocPath(POST_ID));
  const stored = (await ref.get()).data();
  expect(stored?.html_content).not.toMatch(/<script|onclick/);
  expect(stored).toEqual({
    html_content: expect.stringContaining('<p>Body text.</p>'),
    coverImage: '/blog/covers/energy-bills.svg',
    author: {
      name: 'Ops Writer',
      avatar: '/blog/avatars/sam-lindqvist.svg',
      bio: 'Publishes from the command line.',
    },
    publishedAt: Timestamp.fromDate(new Date('2025-05-01T00:00:00Z')),
    updatedAt: expect.any(Timestamp),
    title: 'First headline',
    description: 'First summary',
    tags: ['Ops'],
    readTimeMinutes: 1,
  });
  // The list's summary: the same fields without the body.
  const { html_content: _body, ...summary } = stored ?? {};
  await expect(
    adminDb()
      .doc(blogSummaryDocPath(POST_ID))
      .get()
      .then((doc) => doc.data()),
  ).resolves.toEqual(summary);

  const second = writeHtml('second.html', '<h1>Second title</h1><p>New body.</p>');
  const updated = await publish(['--file', second, '--id', POST_ID, ...authorArgs]);
  expect(updated).toMatchObject({ code: 0, stderr: '' });
  expect(updated.stdout).toContain(`Updated blogs/${POST_ID}`);
  const after = (await ref.get()).data();
  expect(after).toMatchObject({
    html_content: '<h1>Second title</h1><p>New body.</p>',
    title: 'Second title',
    description: 'New body.',
    tags: [],
    publishedAt: Timestamp.fromDate(new Date('2025-05-01T00:00:00Z')),
  });
});

test('refuses invalid arguments and untitled HTML without writing anything', async () => {
  const html = writeHtml('ok.html', '<h1>T</h1>');
  const badId = await publish(['--file', html, '--id', 'Not A Slug', ...authorArgs]);
  expect(badId.code).toBe(2);
  expect(badId.stderr).toContain('--id must be lowercase');

  const untitled = writeHtml('untitled.html', '<p>No heading anywhere.</p>');
  const refused = await publish(['--file', untitled, '--id', 'e2e-untitled-post', ...authorArgs]);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain('Cannot derive a title');
  await expect(adminDb().doc(blogDocPath('e2e-untitled-post')).get()).resolves.toMatchObject({
    exists: false,
  });

  const missing = await publish([
    '--file',
    join(workDir, 'missing.html'),
    '--id',
    'e2e-missing',
    ...authorArgs,
  ]);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain('Cannot read --file');
});

describe('--backfill: posts written before summaries and write-time sanitizing existed', () => {
  const LEGACY_ID = 'e2e-legacy-post';
  const BROKEN_ID = 'e2e-legacy-broken';
  const legacyPublishedAt = Timestamp.fromDate(new Date('2020-01-15T00:00:00Z'));

  // The backfill writes every post (the demo posts are stored unsanitized on purpose, for the render-time
  // sanitizing tests): put the collections back as they were afterwards.
  const saved = new Map<string, FirebaseFirestore.DocumentData>();
  beforeAll(async () => {
    for (const collection of ['blogs', 'blog_summaries']) {
      const snapshot = await adminDb().collection(collection).get();
      for (const doc of snapshot.docs) saved.set(doc.ref.path, doc.data());
    }
  });

  afterAll(async () => {
    for (const collection of ['blogs', 'blog_summaries']) {
      const snapshot = await adminDb().collection(collection).get();
      for (const doc of snapshot.docs) if (!saved.has(doc.ref.path)) await doc.ref.delete();
    }
    for (const [path, data] of saved) await adminDb().doc(path).set(data);
  });

  test('repairs every post once (dry run first), skips what it cannot repair, and a second run changes nothing', async () => {
    const legacy = {
      html_content:
        '<html><head><meta name="description" content="Old &lt;img src=x onerror=alert(1)&gt; summary"></head>' +
        '<body><h1>Legacy post</h1><p onclick="steal()">Old body.</p><script>alert(1)</script></body></html>',
      coverImage: '/blog/covers/energy-bills.svg',
      author: { name: 'Old Writer', avatar: '/blog/avatars/sam-lindqvist.svg', bio: 'Wrote it long ago.' },
      publishedAt: legacyPublishedAt,
    };
    await adminDb().doc(blogDocPath(LEGACY_ID)).set(legacy);
    await adminDb().doc(blogDocPath(BROKEN_ID)).set({ html_content: '<h1>No date</h1>' });

    const dryRun = await publish(['--backfill', '--dry-run']);
    expect(dryRun.code).toBe(1);
    expect(dryRun.stdout).toContain(`would update blogs/${LEGACY_ID}.html_content`);
    expect(dryRun.stdout).toContain(`blog_summaries/${LEGACY_ID} (missing)`);
    expect((await adminDb().doc(blogDocPath(LEGACY_ID)).get()).data()).toEqual(legacy);
    expect((await adminDb().doc(blogSummaryDocPath(LEGACY_ID)).get()).exists).toBe(false);

    const first = await publish(['--backfill']);
    expect(first.code).toBe(1);
    expect(first.stderr).toContain(`skipped blogs/${BROKEN_ID}: has no valid publishedAt`);
    expect(first.stdout).toContain(`updating blogs/${LEGACY_ID}.html_content`);
    const [, read, updated, unchanged] = /(\d+) posts read, (\d+) updated, (\d+) unchanged, 1 skipped\./
      .exec(first.stdout)
      ?.map(Number) ?? [0, 0, 0, 0];
    expect(read).toBe((await adminDb().collection('blogs').count().get()).data().count);
    expect((updated ?? 0) + (unchanged ?? 0) + 1).toBe(read);

    const stored = (await adminDb().doc(blogDocPath(LEGACY_ID)).get()).data();
    expect(stored?.html_content).not.toMatch(/<script|onclick|onerror/);
    expect(stored).toEqual({
      html_content: expect.stringContaining('<p>Old body.</p>'),
      coverImage: legacy.coverImage,
      author: legacy.author,
      publishedAt: legacyPublishedAt,
      updatedAt: legacyPublishedAt,
      title: 'Legacy post',
      description: 'Old summary',
      tags: [],
      readTimeMinutes: 1,
    });
    const { html_content: _body, ...summary } = stored ?? {};
    expect((await adminDb().doc(blogSummaryDocPath(LEGACY_ID)).get()).data()).toEqual(summary);
    expect((await adminDb().doc(blogSummaryDocPath(BROKEN_ID)).get()).exists).toBe(false);

    const second = await publish(['--backfill']);
    expect(second.stdout).toMatch(/\d+ posts read, 0 updated, \d+ unchanged, 1 skipped\./);
    await adminDb().doc(blogDocPath(BROKEN_ID)).delete();
    await expect(publish(['--backfill'])).resolves.toMatchObject({ code: 0, stderr: '' });
  });

  test('refuses publishing flags next to --backfill', async () => {
    const refused = await publish(['--backfill', '--id', 'x']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Invalid arguments');
  });
});
