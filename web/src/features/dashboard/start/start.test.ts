import { APP_SCRIPTS_ID, DASHBOARD_ISLAND_ID } from '@bargains/model/contracts/dashboard-render';
import { addAppScripts, appScriptsOf } from './app-scripts';
import {
  currentIdToken,
  persistedUserKey,
  persistedUserOf,
  readPersistedUser,
  tokenEndpoint,
} from './persisted-user';
import { drawServedFirstPage, fetchServedFirstPage } from './served-first-page';

const RECORD = {
  uid: 'user-1',
  email: 'a@b.test',
  stsTokenManager: { accessToken: 'id-token', refreshToken: 'refresh-token', expirationTime: 2_000_000 },
};

const jsonResponse = (status: number, body: unknown) =>
  ({ status, ok: status >= 200 && status < 300, json: () => Promise.resolve(body) }) as Response;

describe("the SDK's persisted user", () => {
  it('reads the fields the starter needs, and nothing from a record of another shape', () => {
    expect(persistedUserOf(RECORD)).toEqual({
      uid: 'user-1',
      accessToken: 'id-token',
      refreshToken: 'refresh-token',
      expirationTime: 2_000_000,
    });
    expect(persistedUserOf(null)).toBeNull();
    expect(persistedUserOf({ uid: 'user-1' })).toBeNull();
    expect(
      persistedUserOf({ ...RECORD, stsTokenManager: { accessToken: 'x', refreshToken: 'y' } }),
    ).toBeNull();
    expect(persistedUserOf({ ...RECORD, uid: 7 })).toBeNull();
  });

  it('falls back to localStorage when IndexedDB is not there (browserLocalPersistence)', async () => {
    localStorage.setItem(persistedUserKey('key-1'), JSON.stringify(RECORD));
    await expect(readPersistedUser('key-1')).resolves.toEqual(expect.objectContaining({ uid: 'user-1' }));
    localStorage.setItem(persistedUserKey('key-1'), '{not json');
    await expect(readPersistedUser('key-1')).resolves.toBeNull();
    localStorage.clear();
    await expect(readPersistedUser('key-1')).resolves.toBeNull();
  });

  it('uses a valid token as it is, and refreshes one about to expire with the token endpoint', async () => {
    const user = persistedUserOf(RECORD);
    if (user === null) throw new Error('no user');
    const fetcher = jest.fn(() => Promise.resolve(jsonResponse(200, { id_token: 'new-token' })));
    await expect(currentIdToken(user, 1_000_000, fetcher)).resolves.toBe('id-token');
    expect(fetcher).not.toHaveBeenCalled();
    await expect(currentIdToken(user, 1_950_000, fetcher)).resolves.toBe('new-token');
    expect(fetcher).toHaveBeenCalledWith(tokenEndpoint(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&refresh_token=refresh-token',
    });
    const refused = jest.fn(() =>
      Promise.resolve(jsonResponse(400, { error: { message: 'TOKEN_EXPIRED' } })),
    );
    await expect(currentIdToken(user, 3_000_000, refused)).rejects.toThrow('token refresh answered 400');
    const empty = jest.fn(() => Promise.resolve(jsonResponse(200, {})));
    await expect(currentIdToken(user, 3_000_000, empty)).rejects.toThrow('no id_token');
  });
});

describe('the served first page', () => {
  const location = { pathname: '/dashboard', search: '?sort=ending_soon' };

  it('asks render_dashboard for this address with the ID token', async () => {
    const page = {
      html: '<main><a data-deal-id="a"></a></main>',
      title: 'Your Bargains · Bargains',
      island: '{}',
    };
    const fetcher = jest.fn((_url: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(jsonResponse(200, page)),
    );
    await expect(fetchServedFirstPage('tok', location, fetcher)).resolves.toEqual(page);
    const [url, init] = fetcher.mock.calls[0] ?? [];
    expect(url).toBe('/dashboard?sort=ending_soon');
    expect(init?.headers).toEqual({ Authorization: 'Bearer tok', Accept: 'application/json' });
  });

  it('has no page on 204, and throws on a refusal or a malformed answer', async () => {
    await expect(
      fetchServedFirstPage('tok', location, () => Promise.resolve(jsonResponse(204, null))),
    ).resolves.toBeNull();
    await expect(
      fetchServedFirstPage('tok', location, () => Promise.resolve(jsonResponse(401, { error: 'x' }))),
    ).rejects.toThrow('401');
    await expect(
      fetchServedFirstPage('tok', location, () =>
        Promise.resolve(jsonResponse(200, { html: 1, island: '' })),
      ),
    ).rejects.toThrow('malformed');
  });

  it('draws the page where the cookie visit has it: inside #root, the island right after it, the title', () => {
    document.head.innerHTML = '<title>Bargains</title>';
    document.body.innerHTML = `<div id="root"><div class="page-spinner"></div></div><script type="application/json" id="${DASHBOARD_ISLAND_ID}">{"session":null,"first":null}</script>`;
    drawServedFirstPage(document, {
      html: '<main><a data-deal-id="a"></a></main>',
      title: 'Your Bargains',
      island: '{"x":1}',
    });
    expect(document.body.innerHTML).toBe(
      `<div id="root"><main><a data-deal-id="a"></a></main></div><script type="application/json" id="${DASHBOARD_ISLAND_ID}">{"x":1}</script>`,
    );
    expect(document.title).toBe('Your Bargains');
  });
});

describe("the app's scripts", () => {
  it('are read from the list and added in order, the entries keeping their async flag', () => {
    const listed = {
      modulepreload: ['/assets/a.js', '/assets/b.js'],
      modules: [
        { src: '/assets/prefetch.js', async: true },
        { src: '/assets/index.js', async: false },
      ],
    };
    document.head.innerHTML = `<script type="application/json" id="${APP_SCRIPTS_ID}">${JSON.stringify(listed)}</script>`;
    const scripts = appScriptsOf(document);
    expect(scripts).toEqual(listed);
    if (scripts === null) throw new Error('no list');
    addAppScripts(document, scripts);
    const added = [...document.head.querySelectorAll('link, script[src]')].map((element) =>
      element instanceof HTMLLinkElement
        ? `${element.rel} ${element.getAttribute('href')}`
        : `${(element as HTMLScriptElement).type} ${element.getAttribute('src')} async=${(element as HTMLScriptElement).async}`,
    );
    expect(added).toEqual([
      'modulepreload /assets/a.js',
      'modulepreload /assets/b.js',
      'module /assets/prefetch.js async=true',
      'module /assets/index.js async=false',
    ]);
  });

  it('are null when the list is missing or malformed', () => {
    document.head.innerHTML = '';
    expect(appScriptsOf(document)).toBeNull();
    document.head.innerHTML = `<script type="application/json" id="${APP_SCRIPTS_ID}">{"modulepreload":[1],"modules":[]}</script>`;
    expect(appScriptsOf(document)).toBeNull();
    document.head.innerHTML = `<script type="application/json" id="${APP_SCRIPTS_ID}">nope</script>`;
    expect(appScriptsOf(document)).toBeNull();
  });
});
