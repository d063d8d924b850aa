import type { Auth, User } from 'firebase/auth';

/** A stand-in for the SDK's Auth: the test decides who is signed in and when to notify. */
function fakeAuth() {
  let user: User | null = null;
  const listeners = new Set<() => void>();
  const unsubscribed = jest.fn();
  const auth = {
    get currentUser() {
      return user;
    },
    authStateReady: jest.fn(() => Promise.resolve()),
    onAuthStateChanged: jest.fn((listener: () => void) => {
      listeners.add(listener);
      return () => {
        unsubscribed();
        listeners.delete(listener);
      };
    }),
  };
  const signIn = (uid: string) => {
    user = { uid } as User;
    listeners.forEach((notify) => notify());
  };
  return { auth: auth as unknown as Auth, signIn, unsubscribed, listenerCount: () => listeners.size };
}

type Modules = {
  check: typeof import('./first-auth-check');
  session: typeof import('./auth-session');
  sdkLoads: jest.Mock;
  fake: ReturnType<typeof fakeAuth>;
};

/** Fresh copies of the modules (their state is the page's), with lib/auth.ts replaced by one announcing `fake`. */
function loadModules(): Modules {
  const fake = fakeAuth();
  const sdkLoads = jest.fn();
  let modules: Omit<Modules, 'fake' | 'sdkLoads'> | undefined;
  jest.isolateModules(() => {
    const session = jest.requireActual<typeof import('./auth-session')>('./auth-session');
    jest.doMock('./auth', () => {
      sdkLoads();
      session.announceAuth(fake.auth);
      return { auth: fake.auth };
    });
    modules = {
      session,
      check: jest.requireActual<typeof import('./first-auth-check')>('./first-auth-check'),
    };
  });
  if (!modules) throw new Error('modules not loaded');
  return { ...modules, sdkLoads, fake };
}

const indexedDbHolder = globalThis as { indexedDB?: Pick<IDBFactory, 'databases'> };

// The SDK module is loaded by a dynamic import, outside isolateModules: each test starts from an empty registry.
beforeEach(() => jest.resetModules());

afterEach(() => {
  localStorage.clear();
  delete indexedDbHolder.indexedDB;
  jest.restoreAllMocks();
});

describe('the first auth check', () => {
  it('leaves Firebase Auth unloaded on a device that holds no user: signed out', async () => {
    indexedDbHolder.indexedDB = { databases: () => Promise.resolve([{ name: 'other-db', version: 1 }]) };
    const { check, sdkLoads } = loadModules();
    const session = await check.startAuthSession();
    expect(session.currentUser()).toBeNull();
    expect(sdkLoads).not.toHaveBeenCalled();
  });

  it('loads Firebase Auth and waits for its check where localStorage holds its user record', async () => {
    const { check, session, sdkLoads, fake } = loadModules();
    localStorage.setItem(session.AUTH_USER_STORAGE_KEY, '{"uid":"u1"}');
    await check.startAuthSession();
    expect(sdkLoads).toHaveBeenCalledTimes(1);
    expect(fake.auth.authStateReady).toHaveBeenCalled();
  });

  it('loads Firebase Auth where its IndexedDB database exists (a user kept there before localStorage)', async () => {
    indexedDbHolder.indexedDB = {
      databases: () => Promise.resolve([{ name: 'firebaseLocalStorageDb', version: 1 }]),
    };
    const { check, sdkLoads } = loadModules();
    await check.startAuthSession();
    expect(sdkLoads).toHaveBeenCalledTimes(1);
  });

  it('lets Firebase Auth decide, with a warning, when the databases cannot be listed', async () => {
    const failure = new DOMException('denied', 'SecurityError');
    indexedDbHolder.indexedDB = { databases: () => Promise.reject(failure) };
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { check, sdkLoads } = loadModules();
    await check.startAuthSession();
    expect(sdkLoads).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('auth.storage_check_failed'), {
      error: failure,
    });
  });

  it('runs one check for the entry and the app', async () => {
    const { check, session } = loadModules();
    localStorage.setItem(session.AUTH_USER_STORAGE_KEY, '{"uid":"u1"}');
    expect(check.startAuthSession()).toBe(check.startAuthSession());
    await check.startAuthSession();
  });

  it('loads Firebase Auth when another tab signs a user in, and then shows that user', async () => {
    const { check, session, sdkLoads, fake } = loadModules();
    const app = await check.startAuthSession();
    const onChange = jest.fn();
    app.subscribe(onChange);
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated', newValue: 'x' }));
    window.dispatchEvent(new StorageEvent('storage', { key: session.AUTH_USER_STORAGE_KEY, newValue: null }));
    expect(sdkLoads).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: session.AUTH_USER_STORAGE_KEY, newValue: '{}' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sdkLoads).toHaveBeenCalledTimes(1);
    fake.signIn('u2');
    expect(onChange).toHaveBeenCalled();
    expect(app.currentUser()?.uid).toBe('u2');
  });
});

describe('the auth session', () => {
  it('is signed out until the SDK is announced, then follows it, subscribers included', () => {
    const { session, fake } = loadModules();
    const onChange = jest.fn();
    const unsubscribe = session.authSession.subscribe(onChange);
    expect(session.authSession.currentUser()).toBeNull();
    expect(session.authStarted()).toBe(false);

    session.announceAuth(fake.auth);
    expect(session.authStarted()).toBe(true);
    expect(fake.listenerCount()).toBe(1);
    fake.signIn('u1');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(session.authSession.currentUser()?.uid).toBe('u1');

    unsubscribe();
    expect(fake.unsubscribed).toHaveBeenCalledTimes(1);
    expect(fake.listenerCount()).toBe(0);
  });

  it('subscribes to the SDK directly once it is announced, and ignores a second announcement', () => {
    const { session, fake } = loadModules();
    session.announceAuth(fake.auth);
    const other = fakeAuth();
    session.announceAuth(other.auth);
    const onChange = jest.fn();
    const unsubscribe = session.authSession.subscribe(onChange);
    expect(fake.listenerCount()).toBe(1);
    expect(other.listenerCount()).toBe(0);
    unsubscribe();
    expect(fake.listenerCount()).toBe(0);
  });
});
