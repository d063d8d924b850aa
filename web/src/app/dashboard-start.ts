// The dashboard document's starter, inline in its head (render_dashboard's shell, web/build/prerender-plugin.ts).
// On a phone's slow link the app's scripts would share the bandwidth with the styles and the first deals, so the
// document lists them (the `app-scripts` element) and this starter adds them once the first deal cards are painted:
// - a page the server drew (the session cookie came with the request): after its first paint;
// - no cookie, but a user signed in on this device (the first visit on a device, or back after two weeks): it asks
//   render_dashboard for the same first page with the user's ID token, draws it where the cookie's visit has it
//   (inside #root, the data island after it), then adds the app after the paint;
// - anyone else, or when that fails (3 s at most): at once, and the app reads as it always has.
// The user is read straight from Firebase Auth's own storage (its localStorage record, IndexedDB as the fallback,
// as lib/auth.ts orders its persistences), so the request need not wait for the Auth SDK; a record of another shape
// counts as no user. Only a head start: the app still signs the user in with the SDK, and the server verifies the
// token.
// A script, not a module, with no imports: the build transpiles this file alone and inlines it, because a script
// file would be one more round trip before the first request; the Content-Security-Policy allows it by its hash
// (firebase.json, checked by web/build/inline-scripts.test.ts). Its settings come from the `dashboard-start`
// element the build writes before it (the Auth storage key and the token endpoint of this build's project).
(() => {
  interface StarterSettings {
    /** The key Firebase Auth stores the default app's user under: `firebase:authUser:<apiKey>:[DEFAULT]`. */
    authUserKey: string;
    /** securetoken.googleapis.com's token endpoint with the API key (or the Auth emulator's copy of it). */
    tokenEndpoint: string;
  }
  interface PersistedUser {
    uid: string;
    accessToken: string;
    /** When the access token expires, ms since the epoch. */
    expirationTime: number;
    refreshToken: string;
  }
  interface DrawnPage {
    html: string;
    title: string | null;
    island: string;
  }

  const SETTINGS_ID = 'dashboard-start';
  // The same ids as model/contracts/dashboard-render.ts (APP_SCRIPTS_ID, DASHBOARD_ISLAND_ID; tested).
  const APP_SCRIPTS_ID = 'app-scripts';
  const ISLAND_ID = 'dashboard-data';
  /** The island of a document served without a valid session cookie (its serialisation is tested). */
  const NO_SESSION_ISLAND = '{"session":null,"first":null}';
  /** The app's note of the session cookie it holds (lib/dashboard-session.ts: `{ uid, expiresAt }`). */
  const SESSION_NOTE_KEY = 'bargains.dashboardSession';
  const AUTH_DB = 'firebaseLocalStorageDb';
  const AUTH_STORE = 'firebaseLocalStorage';
  /** A token this close to its expiry is refreshed first (the SDK's own margin is 30 s). */
  const EXPIRY_MARGIN_MS = 60_000;
  /** Longest the cards may keep the app waiting; after it the app starts and reads the page itself. */
  const FIRST_PAGE_TIMEOUT_MS = 3000;
  /** What the early request resolves to when it was not made. */
  const NOT_ASKED = 'not asked' as const;

  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null;

  function jsonOf(id: string): unknown {
    const text = document.getElementById(id)?.textContent;
    return text ? (JSON.parse(text) as unknown) : null;
  }

  function settingsOf(value: unknown): StarterSettings {
    if (!isRecord(value) || typeof value.authUserKey !== 'string' || typeof value.tokenEndpoint !== 'string')
      throw new Error(`the dashboard document has no valid #${SETTINGS_ID}`);
    return { authUserKey: value.authUserKey, tokenEndpoint: value.tokenEndpoint };
  }

  /** The user in one of the SDK's persisted records, or null when the record is not a signed-in user. */
  function persistedUserOf(value: unknown): PersistedUser | null {
    if (!isRecord(value) || typeof value.uid !== 'string' || !isRecord(value.stsTokenManager)) return null;
    const { accessToken, expirationTime, refreshToken } = value.stsTokenManager;
    if (typeof accessToken !== 'string' || typeof refreshToken !== 'string') return null;
    if (typeof expirationTime !== 'number' || !Number.isFinite(expirationTime)) return null;
    return { uid: value.uid, accessToken, expirationTime, refreshToken };
  }

  /** The record under `key` in the SDK's IndexedDB database; null when the database or the record is missing. */
  function readIndexedDb(key: string): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (typeof indexedDB === 'undefined') {
        resolve(null);
        return;
      }
      const opening = indexedDB.open(AUTH_DB);
      // Opening would create a database that does not exist: abort that, the SDK creates its own when it runs.
      opening.onupgradeneeded = () => opening.transaction?.abort();
      opening.onerror = () => {
        // The abort above: no database yet, so nobody has signed in on this device.
        if (opening.error?.name === 'AbortError') resolve(null);
        else reject(opening.error ?? new Error('indexedDB.open failed'));
      };
      opening.onsuccess = () => {
        const db = opening.result;
        if (!db.objectStoreNames.contains(AUTH_STORE)) {
          db.close();
          resolve(null);
          return;
        }
        const reading = db.transaction(AUTH_STORE, 'readonly').objectStore(AUTH_STORE).get(key);
        reading.onsuccess = () => {
          db.close();
          const entry: unknown = reading.result;
          resolve(isRecord(entry) ? entry.value : null);
        };
        reading.onerror = () => {
          db.close();
          reject(reading.error ?? new Error('IndexedDB read failed'));
        };
      };
    });
  }

  function readLocalStorage(key: string): unknown {
    try {
      const text = localStorage.getItem(key);
      return text === null ? null : (JSON.parse(text) as unknown);
    } catch (error) {
      // Storage disabled, or a record that is not JSON: no user to start with.
      if (error instanceof DOMException || error instanceof SyntaxError) return null;
      throw error;
    }
  }

  /**
   * Whether this device holds a session cookie for `uid` that has not expired, by the app's note of it (the cookie
   * itself is HttpOnly). Without one the server cannot have drawn the page.
   */
  function sessionNoted(uid: string): boolean {
    const note = readLocalStorage(SESSION_NOTE_KEY);
    return (
      isRecord(note) && note.uid === uid && typeof note.expiresAt === 'number' && note.expiresAt > Date.now()
    );
  }

  /**
   * localStorage first, where the app keeps the user (lib/auth.ts): it answers at once, while opening IndexedDB
   * costs a throttled phone 130–540 ms. IndexedDB still holds the user on a device the app has not started on since
   * it kept users there (the SDK moves them when it starts).
   */
  async function readPersistedUser(key: string): Promise<PersistedUser | null> {
    return persistedUserOf(readLocalStorage(key)) ?? persistedUserOf(await readIndexedDb(key));
  }

  /** The persisted token while it is valid, else a new one (the request the SDK makes: grant_type=refresh_token). */
  async function currentIdToken(user: PersistedUser, tokenEndpoint: string): Promise<string> {
    if (user.expirationTime - EXPIRY_MARGIN_MS > Date.now()) return user.accessToken;
    const response = await fetch(tokenEndpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: user.refreshToken }).toString(),
    });
    if (!response.ok) throw new Error(`token refresh answered ${response.status}`);
    const body: unknown = await response.json();
    const token = isRecord(body) ? body.id_token : undefined;
    if (typeof token !== 'string' || token === '') throw new Error('token refresh answered no id_token');
    return token;
  }

  /** This address's first page for the token's user; null when there is none to draw (204). */
  async function fetchDrawnPage(idToken: string): Promise<DrawnPage | null> {
    const response = await fetch(`${location.pathname}${location.search}`, {
      headers: { Authorization: `Bearer ${idToken}`, Accept: 'application/json' },
      credentials: 'same-origin',
      signal: AbortSignal.timeout(FIRST_PAGE_TIMEOUT_MS),
    });
    if (response.status === 204) return null;
    if (!response.ok) throw new Error(`render_dashboard answered ${response.status}`);
    const body: unknown = await response.json();
    if (!isRecord(body) || typeof body.html !== 'string' || typeof body.island !== 'string')
      throw new Error('render_dashboard answered a malformed first page');
    if (body.title !== null && typeof body.title !== 'string')
      throw new Error('render_dashboard answered a malformed title');
    return { html: body.html, title: body.title, island: body.island };
  }

  /** Puts the page where render_dashboard's shell has its two slots. */
  function draw(page: DrawnPage): void {
    const root = document.getElementById('root');
    if (root === null) throw new Error('the dashboard document has no #root');
    root.innerHTML = page.html;
    document.getElementById(ISLAND_ID)?.remove();
    const island = document.createElement('script');
    island.type = 'application/json';
    island.id = ISLAND_ID;
    island.textContent = page.island;
    root.after(island);
    if (page.title !== null) document.title = page.title;
  }

  /**
   * Whether the server drew the page or saw a valid cookie: its island is anything but the one for no session (a
   * drawn page's island is tens of kilobytes, not worth parsing on a slow phone just to learn that).
   */
  function servedForSession(): boolean {
    const island = document.getElementById(ISLAND_ID)?.textContent ?? '';
    return island !== '' && island !== NO_SESSION_ISLAND;
  }

  const documentParsed = (): Promise<void> =>
    document.readyState === 'loading'
      ? new Promise((resolve) =>
          document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }),
        )
      : Promise.resolve();

  /** Resolves in the first task after the next frame; at once in a hidden tab (it paints no frames). */
  const afterNextPaint = (): Promise<void> =>
    document.visibilityState === 'hidden'
      ? Promise.resolve()
      : new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

  /** The drawn page for `user`, or null when render_dashboard has none to draw. */
  async function askDrawnPage(user: PersistedUser, tokenEndpoint: string): Promise<DrawnPage | null> {
    return fetchDrawnPage(await currentIdToken(user, tokenEndpoint));
  }

  /** Whether the first deal cards are in the document: drawn by the server, or now by the starter. */
  async function firstCardsDrawn(): Promise<boolean> {
    const settings = settingsOf(jsonOf(SETTINGS_ID));
    // Started while the rest of the HTML is still arriving.
    const user = readPersistedUser(settings.authUserKey);
    // With no session cookie on this device the server drew nothing, so the page is asked for at once, while the
    // rest of the document and the styles arrive, not after the document is parsed (up to a second on a busy phone).
    const early = user.then(async (persisted): Promise<DrawnPage | null | typeof NOT_ASKED> =>
      persisted !== null && !sessionNoted(persisted.uid)
        ? askDrawnPage(persisted, settings.tokenEndpoint)
        : NOT_ASKED,
    );
    await documentParsed();
    if (servedForSession()) {
      // Nothing more is needed (an early answer is left unused: the cookie came without its note); a failure of the
      // read or the request is still reported.
      early.catch((error: unknown) => console.warn('dashboard.persisted_user_read_failed', error));
      return true;
    }
    try {
      const persisted = await user;
      if (persisted === null) return false;
      const asked = await early;
      const page = asked === NOT_ASKED ? await askDrawnPage(persisted, settings.tokenEndpoint) : asked;
      if (page === null) return false;
      draw(page);
      return true;
    } catch (error) {
      // Only a head start is lost: the app reads the first page itself.
      console.warn('dashboard.served_first_page_failed', error);
      return false;
    }
  }

  function isStringArray(value: unknown): value is string[] {
    return Array.isArray(value) && value.every((item) => typeof item === 'string');
  }

  /** Adds the listed preloads and module scripts to the head, in the order the build listed them. */
  function loadApp(): void {
    const listed = jsonOf(APP_SCRIPTS_ID);
    if (!isRecord(listed) || !isStringArray(listed.modulepreload) || !Array.isArray(listed.modules))
      throw new Error(`the dashboard document has no valid #${APP_SCRIPTS_ID}`);
    for (const href of listed.modulepreload) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    for (const module of listed.modules as unknown[]) {
      if (!isRecord(module) || typeof module.src !== 'string') throw new Error('a listed module has no src');
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      // A script added by a script runs as soon as it has loaded unless told otherwise: the entries keep their order.
      script.async = module.async === true;
      script.src = module.src;
      document.head.append(script);
    }
  }

  // Whatever happens on the way to the first cards, the app is loaded.
  void firstCardsDrawn()
    .catch((error: unknown) => {
      console.error('dashboard.start_failed', error);
      return false;
    })
    .then(async (drawn) => {
      if (drawn) await afterNextPaint();
      await documentParsed();
      loadApp();
    })
    .catch((error: unknown) => console.error('dashboard.app_load_failed', error));
})();
