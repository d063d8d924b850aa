// The editor functions over HTTP in the Functions emulator (docs/editor.md): an editor's token is accepted by
// every one; a subscriber, a free user, a signed-out caller and a revoked editor (its token from before the revoke)
// are refused with a clear 4xx, before the body is even read, and nothing changes; bad bodies are 400s.
import { randomBytes } from 'node:crypto';
import { dealDocPaths } from '@bargains/model/deal';
import { dealAuditPath, dealOverrideDocPath } from '@bargains/model/editor';
import { EDITORIAL_CHANGES_DOC_PATH } from '@bargains/model/editorial-changes';
import { userDocPath } from '@bargains/model/paths';
import { setEditorRole } from '../../tools/editor/role';
import { refreshIdToken } from '../support/auth-emulator';
import { deleteDeals, liveCodeDeal, writeDeals } from '../support/deals';
import { closeAdmin, readDoc, testAuth, testDb } from './support/admin';
import { callFunction, errorOf } from './support/http';
import { createTestUser, type TestUser } from './support/users';

const suffix = randomBytes(4).toString('hex');
const dealId = `editor-http-${suffix}`;
const deal = liveCodeDeal({
  title: '30% off lamps',
  savings: '30% off',
  code: 'LAMP30',
  shop_id: 'acme',
  shop_name: 'Acme',
  url_home: 'https://acme.example/lamps',
});

let editor: TestUser;
let editorToken: string;
const refusedTokens: Record<string, { token: string | undefined; status: number }> = {};

async function editorWithToken(label: string): Promise<{ user: TestUser; token: string }> {
  const user = await createTestUser(label);
  await setEditorRole(testAuth(), user.email, 'grant');
  return { user, token: await refreshIdToken(user.refreshToken) };
}

beforeAll(async () => {
  await writeDeals(testDb(), [{ id: dealId, doc: deal }]);
  ({ user: editor, token: editorToken } = await editorWithToken('editor'));

  const subscriber = await createTestUser('editor-subscriber');
  await testDb().doc(userDocPath(subscriber.uid)).set({
    subscription_active: true,
    subscription_status: 'active',
    created_at: new Date(),
    updated_at: new Date(),
  });
  const free = await createTestUser('editor-free');
  const revoked = await editorWithToken('editor-revoked');
  // Tokens carry second-resolution times: the revoke must come after the token's sign-in second.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await setEditorRole(testAuth(), revoked.user.email, 'revoke');
  Object.assign(refusedTokens, {
    'a subscriber': { token: subscriber.idToken, status: 403 },
    'a free user': { token: free.idToken, status: 403 },
    'a signed-out caller': { token: undefined, status: 401 },
    'a revoked editor (token from before the revoke)': { token: revoked.token, status: 401 },
  });
});

afterAll(async () => {
  await deleteDeals(testDb(), [dealId]);
  await testDb().recursiveDelete(testDb().doc(dealOverrideDocPath(dealId)));
  await testDb().doc(EDITORIAL_CHANGES_DOC_PATH).delete();
  await closeAdmin();
});

const CALLS = [
  { name: 'editor_action', body: () => ({ action: 'hide', deal_id: dealId, reason: 'Refused caller' }) },
  { name: 'editor_queue', body: () => ({ view: 'all' }) },
  { name: 'editor_history', body: () => ({ deal_id: dealId }) },
] as const;

const REFUSED = [
  'a subscriber',
  'a free user',
  'a signed-out caller',
  'a revoked editor (token from before the revoke)',
];

describe.each(CALLS)('$name', ({ name, body }) => {
  it.each(REFUSED)('refuses %s and changes nothing', async (who) => {
    const caller = refusedTokens[who];
    if (!caller) throw new Error(`no token for ${who}`);
    const before = await readDoc(dealOverrideDocPath(dealId));
    const result = await callFunction(name, { token: caller.token, body: body() });
    expect({ status: result.status, error: errorOf(result) }).toEqual({
      status: caller.status,
      error:
        caller.status === 403
          ? 'Editor access required'
          : caller.token === undefined
            ? 'User must be logged in'
            : 'User not authenticated',
    });
    expect(await readDoc(dealOverrideDocPath(dealId))).toEqual(before);
    expect(await readDoc(dealDocPaths(dealId)[0])).toBeDefined();
  });

  it('answers an editor', async () => {
    const result = await callFunction(name, {
      token: editorToken,
      body: { ...body(), ...(name === 'editor_action' ? { action: 'verify', reason: undefined } : {}) },
    });
    expect(result.status).toBe(200);
  });

  it('answers 405 to another method', async () => {
    const result = await callFunction(name, { method: 'GET', token: editorToken });
    expect(result.status).toBe(405);
  });
});

describe('editor_action', () => {
  const act = (body: unknown) => callFunction('editor_action', { token: editorToken, body });

  it.each([
    ['an unknown action', { action: 'delete', deal_id: 'x' }],
    ['a hide without a reason', { action: 'hide', deal_id: 'x' }],
    ['an extra field', { action: 'pin', deal_id: 'x', pinned_by: 'me' }],
    ['an edit of nothing', { action: 'edit', deal_id: 'x' }],
    ['an unknown category', { action: 'edit', deal_id: 'x', category: 'weapons' }],
    ['a deal id that is a path', { action: 'pin', deal_id: 'x/audit/y' }],
    ['no body', undefined],
  ])('answers 400 to %s', async (_case, body) => {
    const result = await act(body);
    expect(result.status).toBe(400);
    expect(String(errorOf(result))).toMatch(/^Invalid request body/);
  });

  it('answers 404 for a deal that does not exist and an undo of an unknown entry', async () => {
    expect((await act({ action: 'pin', deal_id: `missing-${suffix}` })).status).toBe(404);
    expect((await act({ action: 'undo', deal_id: dealId, entry_id: 'no-such-entry' })).status).toBe(404);
  });

  it('hides, records the history with who and what, and undoes in one call', async () => {
    const hidden = await act({ action: 'hide', deal_id: dealId, reason: 'Misleading savings' });
    expect(hidden.status).toBe(200);
    const entryId = (hidden.body as { entry_id: string }).entry_id;
    for (const path of dealDocPaths(dealId)) expect(await readDoc(path)).toBeUndefined();

    const history = await callFunction('editor_history', { token: editorToken, body: { deal_id: dealId } });
    expect((history.body as { entries: unknown[] }).entries[0]).toMatchObject({
      id: entryId,
      action: 'hide',
      by_uid: editor.uid,
      by_email: editor.email,
      before: { hidden_reason: null },
      after: { hidden_reason: 'Misleading savings' },
    });
    const queue = await callFunction('editor_queue', {
      token: editorToken,
      body: { view: 'hidden', q: 'lamps' },
    });
    expect((queue.body as { items: Array<{ id: string }> }).items.map((item) => item.id)).toContain(dealId);

    expect((await act({ action: 'undo', deal_id: dealId, entry_id: entryId })).status).toBe(200);
    expect(await readDoc(dealDocPaths(dealId)[0])).toMatchObject({ title: '30% off lamps' });
    const audit = await testDb().collection(dealAuditPath(dealId)).get();
    expect(audit.size).toBeGreaterThanOrEqual(2);
  });

  it('lists a pick first in Newest First and tells open dashboards of each hide and pin', async () => {
    const changeOf = async () =>
      ((await readDoc(EDITORIAL_CHANGES_DOC_PATH)) as { deals?: Record<string, unknown> } | undefined)
        ?.deals?.[dealId];
    expect((await act({ action: 'pin', deal_id: dealId })).status).toBe(200);
    const pinned = await readDoc(dealDocPaths(dealId)[0]);
    expect(pinned?.['newest_key']).toBe(`1|${String(pinned?.['scraped_at'])}`);
    expect(await readDoc(dealDocPaths(dealId)[1])).toMatchObject({ newest_key: pinned?.['newest_key'] });
    expect(await changeOf()).toMatchObject({ hidden: false, pinned: true });

    expect((await act({ action: 'hide', deal_id: dealId, reason: 'Expired early' })).status).toBe(200);
    expect(await changeOf()).toMatchObject({ hidden: true, pinned: true });

    expect((await act({ action: 'unhide', deal_id: dealId })).status).toBe(200);
    expect((await act({ action: 'unpin', deal_id: dealId })).status).toBe(200);
    const unpinned = await readDoc(dealDocPaths(dealId)[0]);
    expect(unpinned?.['newest_key']).toBe(`0|${String(pinned?.['scraped_at'])}`);
    expect(await changeOf()).toMatchObject({ hidden: false, pinned: false });

    // A verify changes neither: the document is not rewritten.
    const before = await readDoc(EDITORIAL_CHANGES_DOC_PATH);
    expect((await act({ action: 'verify', deal_id: dealId })).status).toBe(200);
    expect(await readDoc(EDITORIAL_CHANGES_DOC_PATH)).toEqual(before);
  });
});
