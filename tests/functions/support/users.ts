// Test users in the Auth emulator, with real ID tokens from its REST API, plus tokens that must be refused.
import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import {
  ageLastSignIn,
  refreshIdToken,
  type SignedIn,
  signUpWithPassword,
} from '../../support/auth-emulator';
import { PROJECT_ID } from './env';

export interface TestUser extends SignedIn {
  email: string;
}

/** Signs up a new email/password user and returns its uid and a fresh ID token. */
export async function createTestUser(label = 'billing'): Promise<TestUser> {
  const email = `${label}-${randomUUID().slice(0, 8)}@bargains.test`;
  const password = 'test-password-1';
  return { email, ...(await signUpWithPassword(email, password)) };
}

/**
 * A freshly refreshed ID token of `user` whose `auth_time` says the user signed in `minutesAgo` minutes ago:
 * what a browser holds when a session outlives its sign-in (the SDK refreshes the token every hour, the sign-in
 * time stays).
 */
export async function idTokenSignedInMinutesAgo(user: TestUser, minutesAgo: number): Promise<string> {
  await ageLastSignIn(PROJECT_ID, user.uid, minutesAgo);
  return refreshIdToken(user.refreshToken);
}

/** The claims of a JWT, unverified (to check what a test token says). */
export function jwtClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
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
