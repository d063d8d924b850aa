import { APP_SCRIPTS_ID, DASHBOARD_ISLAND_ID } from '@bargains/model/contracts/dashboard-render';
import { serializeDashboardIsland } from '@/features/dashboard/api/dashboard-island';

const SETTINGS = {
  authUserKey: 'firebase:authUser:key-1:[DEFAULT]',
  tokenEndpoint: 'http://auth.test/securetoken.googleapis.com/v1/token?key=key-1',
};
const LISTED = {
  modulepreload: ['/assets/a.js'],
  modules: [
    { src: '/assets/prefetch.js', async: true },
    { src: '/assets/index.js', async: false },
  ],
};
const FRAME = '<div class="page-spinner"></div>';
const DRAWN = {
  html: '<main><a data-deal-id="a"></a></main>',
  title: 'Your Bargains · Bargains',
  island: '{"x":1}',
};

const record = (expirationTime: number) => ({
  uid: 'user-1',
  stsTokenManager: { accessToken: 'id-token', refreshToken: 'refresh-token', expirationTime },
});

const json = (status: number, body: unknown) =>
  ({ status, ok: status >= 200 && status < 300, json: () => Promise.resolve(body) }) as Response;

/** The document render_dashboard sends (frame or drawn page), then the starter run on it. */
async function start(island: unknown, fetcher: jest.Mock): Promise<void> {
  document.head.innerHTML = `<title>Bargains</title><script type="application/json" id="dashboard-start">${JSON.stringify(SETTINGS)}</script><script type="application/json" id="${APP_SCRIPTS_ID}">${JSON.stringify(LISTED)}</script>`;
  const text =
    island === NO_SESSION ? serializeDashboardIsland({ session: null, first: null }) : JSON.stringify(island);
  document.body.innerHTML = `<div id="root">${FRAME}</div><script type="application/json" id="${DASHBOARD_ISLAND_ID}">${text}</script>`;
  global.fetch = fetcher;
  jest.isolateModules(() => {
    jest.requireActual('./dashboard-start');
  });
  // The fetches, the next frame and its task.
  for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** The starter run on a frame still being parsed; `whileParsing` looks in before DOMContentLoaded fires. */
async function startWhileParsing(
  fetcher: jest.Mock,
  whileParsing: () => void = () => undefined,
): Promise<void> {
  Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
  const running = start(NO_SESSION, fetcher);
  await new Promise((resolve) => setTimeout(resolve, 20));
  whileParsing();
  Reflect.deleteProperty(document, 'readyState');
  document.dispatchEvent(new Event('DOMContentLoaded'));
  await running;
}

const added = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"], script[src]')].map(
    (element) => element.getAttribute('href') ?? element.getAttribute('src'),
  );
const APP = ['/assets/a.js', '/assets/prefetch.js', '/assets/index.js'];
const NO_SESSION = { session: null, first: null };
const SESSION_NOTE = 'bargains.dashboardSession';

beforeEach(() => {
  window.history.replaceState(null, '', '/dashboard');
  localStorage.clear();
  jest.restoreAllMocks();
});

describe('the dashboard starter', () => {
  it("draws a signed-in user's first page from render_dashboard, then adds the app's scripts", async () => {
    localStorage.setItem(SETTINGS.authUserKey, JSON.stringify(record(Date.now() + 3600_000)));
    const fetcher = jest.fn(() => Promise.resolve(json(200, DRAWN)));
    window.history.replaceState(null, '', '/dashboard?sort=ending_soon');

    await start(NO_SESSION, fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledWith(
      '/dashboard?sort=ending_soon',
      expect.objectContaining({ headers: { Authorization: 'Bearer id-token', Accept: 'application/json' } }),
    );
    expect(document.body.innerHTML).toBe(
      `<div id="root">${DRAWN.html}</div><script type="application/json" id="${DASHBOARD_ISLAND_ID}">{"x":1}</script>`,
    );
    expect(document.title).toBe('Your Bargains · Bargains');
    expect(added()).toEqual(APP);
    const entry = document.head.querySelector<HTMLScriptElement>('script[src="/assets/index.js"]');
    expect({ type: entry?.type, async: entry?.async }).toEqual({ type: 'module', async: false });
  });

  it('refreshes an expired persisted token at the token endpoint first', async () => {
    localStorage.setItem(SETTINGS.authUserKey, JSON.stringify(record(Date.now() - 3600_000)));
    const fetcher = jest.fn((url: string, _init?: RequestInit) =>
      Promise.resolve(
        url === SETTINGS.tokenEndpoint ? json(200, { id_token: 'new-token' }) : json(200, DRAWN),
      ),
    );
    await start(NO_SESSION, fetcher);
    expect(fetcher.mock.calls.map(([url]) => url)).toEqual([SETTINGS.tokenEndpoint, '/dashboard']);
    expect(fetcher.mock.calls[0]?.[1]).toEqual(
      expect.objectContaining({
        method: 'POST',
        body: 'grant_type=refresh_token&refresh_token=refresh-token',
      }),
    );
    expect(fetcher.mock.calls[1]?.[1]).toEqual(
      expect.objectContaining({ headers: expect.objectContaining({ Authorization: 'Bearer new-token' }) }),
    );
    expect(document.querySelector('[data-deal-id]')).not.toBeNull();
  });

  it('adds the app at once, asking nothing, when nobody is signed in on the device (or the record is foreign)', async () => {
    const fetcher = jest.fn();
    await start(NO_SESSION, fetcher);
    localStorage.setItem(SETTINGS.authUserKey, JSON.stringify({ uid: 'user-1' }));
    await start(NO_SESSION, fetcher);
    expect(fetcher).not.toHaveBeenCalled();
    expect(document.getElementById('root')?.innerHTML).toBe(FRAME);
    expect(added()).toEqual(APP);
  });

  it('keeps the frame and adds the app when there is no page to draw (204) or the request fails', async () => {
    localStorage.setItem(SETTINGS.authUserKey, JSON.stringify(record(Date.now() + 3600_000)));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const answer of [json(204, null), json(503, { error: 'x' }), json(200, { html: 1 })]) {
      await start(
        NO_SESSION,
        jest.fn(() => Promise.resolve(answer)),
      );
      expect({
        status: answer.status,
        root: document.getElementById('root')?.innerHTML,
        app: added(),
      }).toEqual({
        status: answer.status,
        root: FRAME,
        app: APP,
      });
    }
    // The failures are reported, the 204 is not one.
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith('dashboard.served_first_page_failed', expect.any(Error));
  });

  it('asks nothing when the server drew the page for the session this device holds, and adds the app after the paint', async () => {
    localStorage.setItem(SETTINGS.authUserKey, JSON.stringify(record(Date.now() + 3600_000)));
    localStorage.setItem(SESSION_NOTE, JSON.stringify({ uid: 'user-1', expiresAt: Date.now() + 86_400_000 }));
    const fetcher = jest.fn();
    await start({ session: { uid: 'user-1', expiresAt: 1 }, first: null }, fetcher);
    expect(fetcher).not.toHaveBeenCalled();
    expect(added()).toEqual(APP);
  });

  it('asks before the document is parsed when the device holds no session, and waits when it holds one', async () => {
    localStorage.setItem(SETTINGS.authUserKey, JSON.stringify(record(Date.now() + 3600_000)));
    const askedWhile: string[] = [];
    const fetcher = jest.fn(() => {
      askedWhile.push(document.readyState);
      return Promise.resolve(json(200, DRAWN));
    });
    await startWhileParsing(fetcher);
    expect(askedWhile).toEqual(['loading']);
    expect(document.getElementById('root')?.innerHTML).toBe(DRAWN.html);

    // A note of another user's session, or of an expired one, is no session of this user's.
    for (const note of [
      { uid: 'user-2', expiresAt: Date.now() + 86_400_000 },
      { uid: 'user-1', expiresAt: Date.now() - 1 },
    ]) {
      localStorage.setItem(SESSION_NOTE, JSON.stringify(note));
      askedWhile.length = 0;
      await startWhileParsing(fetcher);
      expect(askedWhile).toEqual(['loading']);
    }

    // With this user's session noted, the server has most likely drawn the page: nothing is asked until it is known.
    localStorage.setItem(SESSION_NOTE, JSON.stringify({ uid: 'user-1', expiresAt: Date.now() + 86_400_000 }));
    askedWhile.length = 0;
    await startWhileParsing(fetcher, () => expect(askedWhile).toEqual([]));
    expect(askedWhile).toEqual(['complete']);
    expect(document.getElementById('root')?.innerHTML).toBe(DRAWN.html);
  });

  it('leaves an early answer unused when the server drew the page after all (a cookie without its note)', async () => {
    localStorage.setItem(SETTINGS.authUserKey, JSON.stringify(record(Date.now() + 3600_000)));
    const fetcher = jest.fn(() => Promise.resolve(json(200, DRAWN)));
    await start({ session: { uid: 'user-1', expiresAt: 1 }, first: null }, fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(document.getElementById('root')?.innerHTML).toBe(FRAME);
    expect(added()).toEqual(APP);
  });

  describe('where it reads the user', () => {
    /** An IndexedDB whose Auth store holds `value` under the settings' key; records which databases were opened. */
    function fakeIndexedDb(value: unknown): jest.Mock {
      const open = jest.fn((_name: string) => {
        const request: Record<string, unknown> = {};
        const db = {
          objectStoreNames: { contains: (name: string) => name === 'firebaseLocalStorage' },
          close: jest.fn(),
          transaction: () => ({
            objectStore: () => ({
              get: (key: string) => {
                const reading: Record<string, unknown> = {};
                setTimeout(() => {
                  reading.result = key === SETTINGS.authUserKey ? { fbase_key: key, value } : undefined;
                  (reading.onsuccess as () => void)();
                }, 0);
                return reading;
              },
            }),
          }),
        };
        setTimeout(() => {
          request.result = db;
          (request.onsuccess as () => void)();
        }, 0);
        return request;
      });
      Object.defineProperty(window, 'indexedDB', { value: { open }, configurable: true });
      return open;
    }

    afterEach(() => {
      Reflect.deleteProperty(window, 'indexedDB');
    });

    it('takes the user from localStorage without opening IndexedDB', async () => {
      const open = fakeIndexedDb(record(Date.now() + 3600_000));
      localStorage.setItem(SETTINGS.authUserKey, JSON.stringify(record(Date.now() + 3600_000)));
      const fetcher = jest.fn(() => Promise.resolve(json(200, DRAWN)));
      await start(NO_SESSION, fetcher);
      expect(open).not.toHaveBeenCalled();
      expect(fetcher).toHaveBeenCalledTimes(1);
    });

    it('falls back to the IndexedDB record the app kept before it preferred localStorage', async () => {
      const open = fakeIndexedDb(record(Date.now() + 3600_000));
      const fetcher = jest.fn(() => Promise.resolve(json(200, DRAWN)));
      await start(NO_SESSION, fetcher);
      expect(open).toHaveBeenCalledWith('firebaseLocalStorageDb');
      expect(fetcher).toHaveBeenCalledWith(
        '/dashboard',
        expect.objectContaining({
          headers: { Authorization: 'Bearer id-token', Accept: 'application/json' },
        }),
      );
      expect(document.getElementById('root')?.innerHTML).toBe(DRAWN.html);
    });
  });
});
