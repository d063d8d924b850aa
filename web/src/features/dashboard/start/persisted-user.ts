// The signed-in user Firebase Auth keeps on this device, read straight from its storage, so the dashboard's starter
// can ask for the first deal page before the Auth SDK (about 60 KB on a phone's slow link) has arrived and run.
// Only a head start: the app still signs the user in with the SDK, and render_dashboard verifies the ID token.
// The layout is the SDK's own (the `firebaseLocalStorageDb` database of indexedDBLocalPersistence, and the same key
// in localStorage for browserLocalPersistence, lib/auth.ts); a record that does not have the expected shape is
// treated as no user, and the app then reads as it always has.
import { env } from '@/config/env';

/** The parts of the SDK's persisted user the starter needs. */
export interface PersistedUser {
  uid: string;
  /** The last ID token the SDK obtained. */
  accessToken: string;
  /** When that token expires, ms since the epoch. */
  expirationTime: number;
  refreshToken: string;
}

const DB_NAME = 'firebaseLocalStorageDb';
const DB_STORE = 'firebaseLocalStorage';
/** A token this close to its expiry is refreshed first (the SDK's own margin is 30 s). */
const EXPIRY_MARGIN_MS = 60_000;

/** The SDK's storage key for the default app's current user. */
export const persistedUserKey = (apiKey: string): string => `firebase:authUser:${apiKey}:[DEFAULT]`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The user in one of the SDK's persisted records, or null when the record is not a signed-in user. */
export function persistedUserOf(value: unknown): PersistedUser | null {
  if (!isRecord(value) || typeof value.uid !== 'string' || !isRecord(value.stsTokenManager)) return null;
  const { accessToken, expirationTime, refreshToken } = value.stsTokenManager;
  if (typeof accessToken !== 'string' || typeof refreshToken !== 'string') return null;
  if (typeof expirationTime !== 'number' || !Number.isFinite(expirationTime)) return null;
  return { uid: value.uid, accessToken, expirationTime, refreshToken };
}

/** The record under `key` in the SDK's IndexedDB database, or null when the database or the record is missing. */
function readIndexedDb(key: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      resolve(null);
      return;
    }
    const opening = indexedDB.open(DB_NAME);
    // Opening creates a database that did not exist; the SDK creates the store itself when it first runs.
    opening.onupgradeneeded = () => opening.transaction?.abort();
    opening.onerror = () => {
      // The abort above: no database yet, so nobody has signed in on this device with it.
      if (opening.error?.name === 'AbortError') resolve(null);
      else reject(opening.error ?? new Error('indexedDB.open failed'));
    };
    opening.onsuccess = () => {
      const db = opening.result;
      if (!db.objectStoreNames.contains(DB_STORE)) {
        db.close();
        resolve(null);
        return;
      }
      const reading = db.transaction(DB_STORE, 'readonly').objectStore(DB_STORE).get(key);
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
    // Storage disabled or a record that is not JSON: no user to start with.
    if (error instanceof DOMException || error instanceof SyntaxError) return null;
    throw error;
  }
}

/** The user the SDK would restore on this device (IndexedDB first, as lib/auth.ts orders its persistences). */
export async function readPersistedUser(apiKey = env.firebase.apiKey): Promise<PersistedUser | null> {
  const key = persistedUserKey(apiKey);
  return persistedUserOf(await readIndexedDb(key)) ?? persistedUserOf(readLocalStorage(key));
}

/** The token endpoint the SDK refreshes with (securetoken.googleapis.com, or the Auth emulator's copy of it). */
export function tokenEndpoint(apiKey = env.firebase.apiKey): string {
  const base = env.useEmulators
    ? `${env.authEmulatorUrl.replace(/\/$/, '')}/securetoken.googleapis.com`
    : 'https://securetoken.googleapis.com';
  return `${base}/v1/token?key=${encodeURIComponent(apiKey)}`;
}

/**
 * A current ID token for `user`: the persisted one while it is valid, else a new one from the token endpoint (the
 * request the SDK itself makes: grant_type=refresh_token). The SDK keeps its own token and refreshes it again itself.
 */
export async function currentIdToken(
  user: PersistedUser,
  now = Date.now(),
  fetcher: typeof fetch = fetch,
): Promise<string> {
  if (user.expirationTime - EXPIRY_MARGIN_MS > now) return user.accessToken;
  const response = await fetcher(tokenEndpoint(), {
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
