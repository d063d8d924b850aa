// The Auth emulator's REST API: sign-up and sign-in with real ID tokens, token refresh, and account state the Admin
// SDK cannot set. The one place the integration and e2e suites and the benchmark talk to it directly.
const AUTH_EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const IDENTITY = `http://${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1`;
const SECURE_TOKEN = `http://${AUTH_EMULATOR}/securetoken.googleapis.com/v1`;
/** The emulator accepts any API key; this is the web app's (web/.env.emulator). */
const API_KEY = 'demo-api-key';

export interface SignedIn {
  uid: string;
  idToken: string;
  refreshToken: string;
}

async function authCall(url: string, init: RequestInit, what: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, init);
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`Auth emulator ${what} failed: ${JSON.stringify(json)}`);
  return json;
}

const identityCall = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  authCall(
    `${IDENTITY}/${path}?key=${API_KEY}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    },
    path,
  );

const signedIn = (json: Record<string, unknown>): SignedIn => ({
  uid: String(json.localId),
  idToken: String(json.idToken),
  refreshToken: String(json.refreshToken),
});

/** Creates an email/password account, signed in (what the app's sign-up does). */
export async function signUpWithPassword(email: string, password: string): Promise<SignedIn> {
  return signedIn(await identityCall('accounts:signUp', { email, password, returnSecureToken: true }));
}

/** A new ID token for the session of `refreshToken` (what the web SDK does every hour). */
export async function refreshIdToken(refreshToken: string): Promise<string> {
  const json = await authCall(
    `${SECURE_TOKEN}/token?key=${API_KEY}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
    },
    'token refresh',
  );
  return String(json.id_token);
}

/**
 * Makes the user's last sign-in `minutesAgo` old, as if the session had stayed open that long: the next token
 * refresh carries that `auth_time` (the emulator takes it from lastLoginAt). validSince moves back too, else the
 * Admin SDK would treat the tokens as revoked (it refuses an auth_time before validSince).
 */
export async function ageLastSignIn(projectId: string, uid: string, minutesAgo: number): Promise<void> {
  const signedInAt = Date.now() - minutesAgo * 60_000;
  await identityCall(
    `projects/${projectId}/accounts:update`,
    {
      localId: uid,
      lastLoginAt: String(signedInAt),
      validSince: String(Math.floor(signedInAt / 1000) - 60),
    },
    // The Auth emulator's stand-in for admin credentials.
    { Authorization: 'Bearer owner' },
  );
}
