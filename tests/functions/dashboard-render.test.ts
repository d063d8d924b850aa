// dashboard_session and render_dashboard through the Hosting emulator's rewrites (firebase.json), as a browser
// reaches them: the session cookie's issue and removal, the first deal page drawn for a subscriber (in the order
// the app reads it, with the data island the app takes it over from), and everyone who must get the bare frame
// instead: no cookie, a forged or revoked one, a free or lapsed account, a view without a deal list.
import { FieldValue } from 'firebase-admin/firestore';
import { JSDOM } from 'jsdom';
import { adminQuery } from '../../functions/src/deals/query';
import { APP_SCRIPTS_ID, DASHBOARD_ISLAND_ID } from '@bargains/model/contracts/dashboard-render';
import { DEFAULT_DEAL_FILTER, DEFAULT_DEAL_SORT, dealQuerySpec } from '@bargains/model/queries';
import { userDocPath } from '@bargains/model/paths';
import { newUserDoc } from '@bargains/model/user';
import { deleteDeals, liveCodeDeal, writeDeals } from '../support/deals';
import { executableMarkupIn } from '../support/executable-markup';
import { closeAdmin, testAuth, testDb } from './support/admin';
import { APP_ORIGIN } from './support/env';
import { createTestUser, expiredToken, foreignProjectToken, type TestUser } from './support/users';

const HOSTING = APP_ORIGIN;
const DAY_SECONDS = 24 * 3600;
const HOSTILE = `</script><script>alert("deal")</script><img src=x onerror=alert(1)> & $&`;
const hostileDealId = 'dashboard-render-hostile';

interface IslandJson {
  session: { uid: string; expiresAt: number } | null;
  first: {
    uid: string;
    search: string;
    now: string;
    page: { deals: Array<{ id: string; title: string }>; size: number; cursor: unknown[] | null };
  } | null;
}

async function openSession(idToken: string | null) {
  const response = await fetch(`${HOSTING}/dashboard_session`, {
    method: 'POST',
    headers: idToken === null ? {} : { Authorization: `Bearer ${idToken}` },
  });
  return {
    status: response.status,
    setCookie: response.headers.get('set-cookie'),
    body: await response.json(),
  };
}

/** The `__session=…` pair of a Set-Cookie header, as the browser sends it back. */
const cookiePair = (setCookie: string | null): string => {
  const pair = setCookie?.split(';')[0] ?? '';
  if (!pair.startsWith('__session=') || pair === '__session=') throw new Error(`no session in ${setCookie}`);
  return pair;
};

async function dashboard(path: string, cookie: string | null) {
  const response = await fetch(`${HOSTING}${path}`, { headers: cookie === null ? {} : { Cookie: cookie } });
  const body = await response.text();
  const { document } = new JSDOM(body).window;
  const islandText = document.getElementById(DASHBOARD_ISLAND_ID)?.textContent ?? null;
  return {
    status: response.status,
    headers: response.headers,
    body,
    document,
    island: islandText === null ? null : (JSON.parse(islandText) as IslandJson),
    cardIds: Array.from(document.querySelectorAll('#root [data-deal-id]')).map((card) =>
      card.getAttribute('data-deal-id'),
    ),
  };
}

/** The first deal page as the dashboard's starter asks for it: the user's ID token, no cookie. */
const firstPageForToken = (path: string, idToken: string) =>
  fetch(`${HOSTING}${path}`, { headers: { Authorization: `Bearer ${idToken}`, Accept: 'application/json' } });

async function userWithAccess(label: string, access: { active: boolean; graceEnded?: boolean }) {
  const user = await createTestUser(label);
  await testDb()
    .doc(userDocPath(user.uid))
    .set({
      ...newUserDoc(FieldValue.serverTimestamp()),
      subscription_active: access.active,
      subscription_status: access.active ? 'active' : 'canceled',
      ...(access.graceEnded ? { grace_period_end: Math.floor(Date.now() / 1000) - DAY_SECONDS } : {}),
    });
  return user;
}

/** The ids of the first page the app would read for `spec` at the island's instant. */
async function firstPageIds(now: Date, sort = DEFAULT_DEAL_SORT): Promise<string[]> {
  const snapshot = await adminQuery(testDb(), dealQuerySpec(DEFAULT_DEAL_FILTER, sort, now)).get();
  return snapshot.docs.map((doc) => doc.id);
}

let subscriber: TestUser;
let subscriberCookie: string;

beforeAll(async () => {
  // The newest deal, so the first page (newest first) holds it: its texts come from a deal feed, untrusted.
  await writeDeals(testDb(), [
    {
      id: hostileDealId,
      doc: liveCodeDeal({
        title: HOSTILE,
        description: HOSTILE,
        savings: '10% off',
        code: 'SAFE10',
        shop_id: 'hostile-shop',
        shop_name: HOSTILE,
        url_home: 'https://shop.example/deal',
      }),
    },
  ]);
  subscriber = await userWithAccess('dash-sub', { active: true });
  subscriberCookie = cookiePair((await openSession(subscriber.idToken)).setCookie);
});

afterAll(async () => {
  await deleteDeals(testDb(), [hostileDealId]);
  await closeAdmin();
});

describe('dashboard_session', () => {
  test('issues an HttpOnly, Lax, site-wide session cookie for two weeks and says until when', async () => {
    const before = Date.now();
    const { status, setCookie, body } = await openSession(subscriber.idToken);
    expect(status).toBe(200);
    expect(setCookie).toMatch(
      /^__session=[\w-]+\.[\w-]+\.[\w-]*; Max-Age=1209600; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const { expiresAt } = body as { expiresAt: number };
    expect(expiresAt).toBeGreaterThanOrEqual(before + 14 * DAY_SECONDS * 1000);
    expect(expiresAt).toBeLessThan(Date.now() + 14 * DAY_SECONDS * 1000 + 1000);
  });

  test('refuses a request without a token or with a forged one: 401, no cookie', async () => {
    for (const token of [null, 'not-a-token']) {
      const { status, setCookie, body } = await openSession(token);
      expect({ token, status, setCookie }).toEqual({ token, status: 401, setCookie: null });
      expect(body).toEqual({ error: token === null ? 'User must be logged in' : 'User not authenticated' });
    }
  });

  test('DELETE clears the cookie (sign-out), without a token', async () => {
    const response = await fetch(`${HOSTING}/dashboard_session`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBe('__session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
  });

  test('answers other methods with 405', async () => {
    const response = await fetch(`${HOSTING}/dashboard_session`, { method: 'PUT' });
    expect(response.status).toBe(405);
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});

describe('render_dashboard', () => {
  test("a subscriber's cookie brings the first deal page drawn, in the app's order, with its island", async () => {
    const page = await dashboard('/dashboard', subscriberCookie);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.document.title).toBe('Your Bargains · Bargains');
    expect(page.document.querySelector('#root h1')?.textContent).toBe('Your Bargains');
    const island = page.island;
    if (island?.first == null) throw new Error('no first page in the island');
    expect(island.session?.uid).toBe(subscriber.uid);
    expect(island.first.search).toBe('');
    const expected = await firstPageIds(new Date(island.first.now));
    expect(expected).toHaveLength(20);
    expect(page.cardIds).toEqual(expected);
    expect(island.first.page.deals.map((deal) => deal.id)).toEqual(expected);
    expect(island.first.page.size).toBe(20);
    // Where the next page starts: the last deal's sort values, its id last.
    expect(island.first.page.cursor?.at(-1)).toBe(expected.at(-1));
    // The document runs only its inline starter; the app's scripts are listed for it to add after the first paint.
    expect(page.document.querySelectorAll('script[src]')).toHaveLength(0);
    const listed = JSON.parse(page.document.getElementById(APP_SCRIPTS_ID)?.textContent ?? 'null') as {
      modules: Array<{ src: string }>;
    };
    expect(listed.modules.map((module) => module.src)).toEqual([
      expect.stringMatching(/^\/assets\/dashboard-prefetch-/),
      expect.stringMatching(/^\/assets\/index-/),
    ]);
    expect(island.first.uid).toBe(subscriber.uid);
  });

  test('the address decides the listing: another sort is drawn in its own order; Saved gets the frame', async () => {
    const sorted = await dashboard('/dashboard?sort=ending_soon', subscriberCookie);
    const now = new Date(sorted.island?.first?.now ?? NaN);
    expect(sorted.island?.first?.search).toBe('?sort=ending_soon');
    expect(sorted.cardIds).toEqual(await firstPageIds(now, 'ending_soon'));

    const saved = await dashboard('/dashboard?view=saved', subscriberCookie);
    expect(saved.status).toBe(200);
    expect(saved.cardIds).toEqual([]);
    expect(saved.island).toEqual({
      session: { uid: subscriber.uid, expiresAt: expect.any(Number) },
      first: null,
    });

    // For you depends on the subscriber's interests: the app renders it on the client.
    const forYou = await dashboard('/dashboard?view=for_you', subscriberCookie);
    expect(forYou.status).toBe(200);
    expect(forYou.cardIds).toEqual([]);
    expect(forYou.island?.first).toBeNull();
  });

  test('deal texts from the feed are drawn as text: nothing executable, the island intact', async () => {
    const page = await dashboard('/dashboard', subscriberCookie);
    expect(page.cardIds[0]).toBe(hostileDealId);
    const card = page.document.querySelector(`[data-deal-id="${hostileDealId}"]`);
    for (const part of ['.deal-card__heading', '.deal-card__description']) {
      const element = card?.querySelector(part);
      expect({ part, found: element ? executableMarkupIn(element) : null }).toEqual({ part, found: [] });
    }
    // The page's scripts are the inline starter (allowed by its hash) and data that never runs: its settings, the
    // app's script list and the island. No handler attributes.
    const scripts = Array.from(page.document.querySelectorAll('script')).map((script) =>
      script.type === '' && script.id === '' && !script.src ? 'starter' : `${script.type}#${script.id}`,
    );
    expect(scripts).toEqual([
      'application/json#dashboard-start',
      'starter',
      `application/json#${APP_SCRIPTS_ID}`,
      `application/json#${DASHBOARD_ISLAND_ID}`,
    ]);
    const handlers = Array.from(page.document.querySelectorAll('*')).flatMap((element) =>
      element.getAttributeNames().filter((name) => name.startsWith('on')),
    );
    expect(handlers).toEqual([]);
    expect(card?.querySelector('.deal-card__shop')?.textContent).toBe(HOSTILE);
    expect(page.island?.first?.page.deals[0]?.title).toBe(HOSTILE);
  });

  test('without a cookie: the frame, no deals, and an island saying there is no session', async () => {
    const page = await dashboard('/dashboard', null);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.cardIds).toEqual([]);
    expect(page.island).toEqual({ session: null, first: null });
    expect(page.headers.get('set-cookie')).toBeNull();
  });

  test('free and lapsed accounts get the frame and no deal data, though their cookie is valid', async () => {
    const free = await userWithAccess('dash-free', { active: false });
    const lapsed = await userWithAccess('dash-lapsed', { active: true, graceEnded: true });
    for (const user of [free, lapsed]) {
      const page = await dashboard('/dashboard', cookiePair((await openSession(user.idToken)).setCookie));
      expect({ uid: user.uid, cards: page.cardIds }).toEqual({ uid: user.uid, cards: [] });
      expect(page.island).toEqual({ session: { uid: user.uid, expiresAt: expect.any(Number) }, first: null });
      expect(page.body).not.toContain(hostileDealId);
    }
  });

  test('a forged cookie and a revoked session get the frame and have the cookie cleared', async () => {
    const revoked = await userWithAccess('dash-revoked', { active: true });
    const cookie = cookiePair((await openSession(revoked.idToken)).setCookie);
    expect((await dashboard('/dashboard', cookie)).cardIds).toHaveLength(20);
    // Revocation counts whole seconds after the sign-in ("sign out everywhere", a password change).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await testAuth().revokeRefreshTokens(revoked.uid);
    for (const sent of [cookie, '__session=forged.cookie.value']) {
      const page = await dashboard('/dashboard', sent);
      expect({ sent, cards: page.cardIds, island: page.island }).toEqual({
        sent,
        cards: [],
        island: { session: null, first: null },
      });
      expect(page.headers.get('set-cookie')).toBe('__session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
    }
  });

  test('a deleted account gets the frame', async () => {
    const deleted = await userWithAccess('dash-deleted', { active: true });
    const cookie = cookiePair((await openSession(deleted.idToken)).setCookie);
    await testAuth().deleteUser(deleted.uid);
    const page = await dashboard('/dashboard', cookie);
    expect(page.cardIds).toEqual([]);
    expect(page.island).toEqual({ session: null, first: null });
  });

  test('an ID token (a visit without the cookie) gets the same first page as JSON, drawn for its user', async () => {
    const withCookie = await dashboard('/dashboard', subscriberCookie);
    const response = await firstPageForToken('/dashboard', subscriber.idToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('set-cookie')).toBeNull();
    const body = (await response.json()) as { html: string; title: string | null; island: string };
    expect(body.title).toBe('Your Bargains · Bargains');
    const { document } = new JSDOM(`<div id="root">${body.html}</div>`).window;
    const ids = Array.from(document.querySelectorAll('[data-deal-id]')).map((card) =>
      card.getAttribute('data-deal-id'),
    );
    expect(ids).toEqual(withCookie.cardIds);
    const island = JSON.parse(body.island) as IslandJson;
    // No cookie came: the app asks for one itself; the page says whom it was drawn for.
    expect(island.session).toBeNull();
    expect(island.first?.uid).toBe(subscriber.uid);
    expect(island.first?.page.deals.map((deal) => deal.id)).toEqual(ids);
  });

  test('an ID token without a deal page to draw gets 204: free and lapsed accounts, Saved, For you', async () => {
    const free = await userWithAccess('dash-token-free', { active: false });
    const lapsed = await userWithAccess('dash-token-lapsed', { active: true, graceEnded: true });
    const asked = [
      { who: 'free', path: '/dashboard', token: free.idToken },
      { who: 'lapsed', path: '/dashboard', token: lapsed.idToken },
      { who: 'saved', path: '/dashboard?view=saved', token: subscriber.idToken },
      { who: 'for you', path: '/dashboard?view=for_you', token: subscriber.idToken },
    ];
    for (const { who, path, token } of asked) {
      const response = await firstPageForToken(path, token);
      expect({ who, status: response.status, body: await response.text() }).toEqual({
        who,
        status: 204,
        body: '',
      });
    }
  });

  test('a forged, expired or foreign ID token gets 401 and no deal data', async () => {
    for (const token of ['not-a-token', expiredToken(subscriber.uid), foreignProjectToken(subscriber.uid)]) {
      const response = await firstPageForToken('/dashboard', token);
      const body = await response.text();
      expect({ token: token.slice(0, 12), status: response.status }).toEqual({
        token: token.slice(0, 12),
        status: 401,
      });
      expect(JSON.parse(body)).toEqual({ error: 'User not authenticated' });
      expect(body).not.toContain(hostileDealId);
    }
  });

  test('answers only GET and HEAD', async () => {
    const response = await fetch(`${HOSTING}/dashboard`, {
      method: 'POST',
      headers: { Cookie: subscriberCookie },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});
