// Test users in the Auth emulator, with real ID tokens from its REST API, plus tokens that must be refused.
import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { AUTH_EMULATOR, PROJECT_ID } from './env';

export interface TestUser {
  uid: string;
  email: string;
  idToken: string;
}

const IDENTITY = `http://${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1`;

async function identityCall(path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${IDENTITY}/${path}?key=any-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`Auth emulator ${path} failed: ${JSON.stringify(json)}`);
  return json;
}

/** Signs up a new email/password user and returns its uid and a fresh ID token. */
export async function createTestUser(label = 'billing'): Promise<TestUser> {
  const email = `${label}-${randomUUID().slice(0, 8)}@bargains.test`;
  const password = 'test-password-1';
  await identityCall('accounts:signUp', { email, password, returnSecureToken: true });
  const signedIn = await identityCall('accounts:signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  return { uid: String(signedIn.localId), email, idToken: String(signedIn.idToken) };
}

const base64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url');

/** An RS256 token shaped like a Firebase ID token, signed with a throwaway key. */
function craftIdToken(claims: {
  projectId: string;
  uid: string;
  issuedAt: number;
  expiresAt: number;
}): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const header = { alg: 'RS256', typ: 'JWT', kid: 'test-key' };
  const payload = {
    iss: `https://securetoken.google.com/${claims.projectId}`,
    aud: claims.projectId,
    auth_time: claims.issuedAt,
    user_id: claims.uid,
    sub: claims.uid,
    iat: claims.issuedAt,
    exp: claims.expiresAt,
    firebase: { identities: {}, sign_in_provider: 'password' },
  };
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(privateKey);
  return `${unsigned}.${base64url(signature)}`;
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** A well-formed token issued for another Firebase project. */
export function foreignProjectToken(uid: string): string {
  return craftIdToken({
    projectId: 'some-other-project',
    uid,
    issuedAt: nowSeconds() - 60,
    expiresAt: nowSeconds() + 3000,
  });
}

/** A token for this project that expired an hour ago. */
export function expiredToken(uid: string): string {
  return craftIdToken({
    projectId: PROJECT_ID,
    uid,
    issuedAt: nowSeconds() - 7200,
    expiresAt: nowSeconds() - 3600,
  });
}
