// write_blog_post, the blog composer's one write path (docs/blog-composer.md): editors only, checked on the
// server for every action; hostile input refused with a 400 that changes nothing.
import { refreshIdToken } from '../support/auth-emulator';
import { blogDocPath, blogSummaryDocPath } from '@bargains/model/paths';
import { closeAdmin, readDoc, testAuth, testDb } from './support/admin';
import { functionUrl } from './support/env';
import { callFunction, errorOf } from './support/http';
import { createTestUser, type TestUser } from './support/users';

const POST_ID = 'composer-function-test';

const draft = (changes: Record<string, unknown> = {}) => ({
  id: POST_ID,
  title: 'Written in the browser',
  html: '<h2>A heading</h2><p onclick="steal()">Body <a href="https://example.com/x">link</a>.</p><script>alert(1)</script><ul><li>One</li></ul><img src="/blog/images/shopping-basket.svg" alt="Basket">',
  coverImage: '/blog/covers/energy-bills.svg',
  tags: ['Groceries'],
  author: { name: 'Demo Editor', avatar: '/blog/avatars/maya-chen.svg', bio: 'Edits the blog.' },
  ...changes,
});

const write = (token: string | undefined, body: unknown) =>
  callFunction('write_blog_post', { method: 'POST', ...(token === undefined ? {} : { token }), body });

async function userWithClaims(label: string, claims: Record<string, unknown> | null): Promise<TestUser> {
  const user = await createTestUser(label);
  if (claims === null) return user;
  await testAuth().setCustomUserClaims(user.uid, claims);
  return { ...user, idToken: await refreshIdToken(user.refreshToken) };
}

let editor: TestUser;

beforeAll(async () => {
  editor = await userWithClaims('composer-editor', { editor: true });
});

afterAll(async () => {
  await testDb().doc(blogDocPath(POST_ID)).delete();
  await testDb().doc(blogSummaryDocPath(POST_ID)).delete();
  await closeAdmin();
});

test('an editor previews (nothing written), publishes, updates keeping the date, and unpublishes', async () => {
  const preview = await write(editor.idToken, { action: 'preview', post: draft() });
  expect(preview.status).toBe(200);
  expect(preview.body).toMatchObject({
    post: { id: POST_ID, title: 'Written in the browser', tags: ['Groceries'], readTimeMinutes: 1 },
  });
  const previewHtml = (preview.body as { post: { html_content: string } }).post.html_content;
  expect(previewHtml).not.toMatch(/<script|onclick/);
  expect(previewHtml).toContain('<h2>A heading</h2>');
  expect(await readDoc(blogDocPath(POST_ID))).toBeUndefined();

  const published = await write(editor.idToken, { action: 'publish', post: draft() });
  expect(published).toMatchObject({
    status: 201,
    body: { id: POST_ID, path: `/blog/${POST_ID}`, status: 'published' },
  });
  const stored = await readDoc(blogDocPath(POST_ID));
  expect(stored).toMatchObject({ title: 'Written in the browser', html_content: previewHtml });
  const { html_content: _body, ...summary } = stored ?? {};
  expect(await readDoc(blogSummaryDocPath(POST_ID))).toEqual(summary);

  const updated = await write(editor.idToken, { action: 'publish', post: draft({ title: 'Edited title' }) });
  expect(updated).toMatchObject({ status: 200, body: { status: 'updated' } });
  const after = await readDoc(blogDocPath(POST_ID));
  expect(after).toMatchObject({ title: 'Edited title', publishedAt: stored?.publishedAt });

  const removed = await write(editor.idToken, { action: 'unpublish', id: POST_ID });
  expect(removed).toMatchObject({ status: 200, body: { id: POST_ID, status: 'unpublished' } });
  expect(await readDoc(blogDocPath(POST_ID))).toBeUndefined();
  expect(await readDoc(blogSummaryDocPath(POST_ID))).toBeUndefined();

  const again = await write(editor.idToken, { action: 'unpublish', id: POST_ID });
  expect(again.status).toBe(404);
});

describe('everyone else is refused for every action, and nothing is written', () => {
  const actions = [
    { action: 'preview', post: draft() },
    { action: 'publish', post: draft() },
    { action: 'unpublish', id: 'energy-bills' },
  ];

  async function expectRefused(token: string | undefined, status: number) {
    for (const body of actions) {
      const result = await write(token, body);
      expect([body.action, result.status]).toEqual([body.action, status]);
    }
    expect(await readDoc(blogDocPath(POST_ID))).toBeUndefined();
  }

  test('signed out: 401', async () => {
    await expectRefused(undefined, 401);
  });

  test('a free user: 403 "Editor access required"', async () => {
    const free = await userWithClaims('composer-free', null);
    await expectRefused(free.idToken, 403);
    expect(errorOf(await write(free.idToken, actions[1]))).toBe('Editor access required');
  });

  test('a subscriber: 403', async () => {
    const subscriber = await userWithClaims('composer-subscriber', null);
    await testDb().doc(`users/${subscriber.uid}`).set({ subscription_active: true });
    await expectRefused(subscriber.idToken, 403);
  });

  test('a claim that is not exactly true: 403', async () => {
    const almost = await userWithClaims('composer-almost', { editor: 'true' });
    await expectRefused(almost.idToken, 403);
  });

  test('a revoked editor: 401 at once, although the token still says editor', async () => {
    const revoked = await userWithClaims('composer-revoked', { editor: true });
    // Revocation counts in whole seconds: a sign-in in the same second as the revoke is still valid.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // What `npm run editor -- --revoke` does: the claim removed and the user's tokens revoked.
    await testAuth().setCustomUserClaims(revoked.uid, null);
    await testAuth().revokeRefreshTokens(revoked.uid);
    await expectRefused(revoked.idToken, 401);
  });
});

describe('hostile input: 400, nothing written', () => {
  test.each([
    ['no body', undefined],
    ['an unknown action', { action: 'delete', id: POST_ID }],
    ['a path as id', { action: 'publish', post: draft({ id: '../users/x' }) }],
    ['a reserved id', { action: 'unpublish', id: '__name__' }],
    [
      'a cover on another host',
      { action: 'publish', post: draft({ coverImage: 'https://tracker.example/c.png' }) },
    ],
    [
      'a body image on another host',
      { action: 'publish', post: draft({ html: '<p>x</p><img src="https://tracker.example/p.gif">' }) },
    ],
    ['a lone surrogate', { action: 'publish', post: draft({ title: 'Bad \ud800 text' }) }],
    ['a field the server sets', { action: 'publish', post: { ...draft(), publishedAt: '2001-01-01' } }],
    ['a huge body', { action: 'publish', post: draft({ html: `<p>${'x'.repeat(1_000_000)}</p>` }) }],
  ])('%s', async (_case, body) => {
    const result = await write(editor.idToken, body);
    expect(result.status).toBe(400);
    expect(errorOf(result)).toEqual(expect.any(String));
    expect(await readDoc(blogDocPath(POST_ID))).toBeUndefined();
  });

  test('bytes that are not UTF-8', async () => {
    const response = await fetch(functionUrl('write_blog_post'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${editor.idToken}`, 'Content-Type': 'application/json' },
      body: Buffer.from('{"action":"unpublish","id":"\xff\xfe"}', 'latin1'),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Request body must be UTF-8 encoded JSON' });
  });

  test('a body that only holds markup the sanitizer removes is refused for having no text', async () => {
    const result = await write(editor.idToken, {
      action: 'publish',
      post: draft({ html: '<script>alert(1)</script><iframe src="/"></iframe>' }),
    });
    expect(result.status).toBe(400);
  });
});
