// The dashboard's session cookie (functions/src/handlers/dashboard-session.ts): with it, /dashboard arrives from the
// server with a subscriber's first deals already drawn (render_dashboard). The app asks for one while a subscriber
// looks at the dashboard and renews it a week before it expires; signing out ends it. The cookie is HttpOnly, so
// this device remembers in localStorage whom it was issued to and until when; the page render_dashboard serves
// corrects that note (it knows whether the cookie arrived and was valid).
import { number, object, parse } from 'zod/mini';
import type { BrowserApiPath } from '@bargains/model/contracts/http-functions';
import { callFunction } from './api-client';

export interface DashboardSessionNote {
  uid: string;
  /** When the cookie expires, ms since the epoch. */
  expiresAt: number;
}

const STORAGE_KEY = 'bargains.dashboardSession';
/** Sessions last 14 days (the handler); one is renewed when less than this is left. */
const RENEW_WITHIN_MS = 7 * 24 * 3600_000;
/** Sign-out waits at most this long for the cookie to be cleared. */
const END_TIMEOUT_MS = 3000;

function readNote(): DashboardSessionNote | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { uid, expiresAt } = value as Record<string, unknown>;
    return typeof uid === 'string' && typeof expiresAt === 'number' ? { uid, expiresAt } : null;
  } catch {
    return null;
  }
}

/** Records what the server found (null: no valid cookie came with the request). */
export function noteDashboardSession(note: DashboardSessionNote | null): void {
  try {
    if (note === null) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(note));
  } catch {
    // Storage disabled: the session is renewed on each visit instead.
  }
}

const SESSION_PATH: BrowserApiPath = '/dashboard_session';
const sessionSchema = object({ expiresAt: number() });

/** Makes sure this device holds a session cookie for `uid` that does not expire within a week. */
export async function keepDashboardSession(uid: string, now = Date.now()): Promise<void> {
  const note = readNote();
  if (note !== null && note.uid === uid && note.expiresAt - now > RENEW_WITHIN_MS) return;
  const { expiresAt } = await callFunction(SESSION_PATH, {
    method: 'POST',
    parse: (data) => parse(sessionSchema, data),
  });
  noteDashboardSession({ uid, expiresAt });
}

/**
 * Clears the cookie (the server answers with an expired one), so the next person on this device is not shown the
 * last subscriber's deals before the app has signed them in. Bounded: sign-out goes on after END_TIMEOUT_MS.
 */
export async function endDashboardSession(): Promise<void> {
  noteDashboardSession(null);
  try {
    const response = await fetch(SESSION_PATH, {
      method: 'DELETE',
      signal: AbortSignal.timeout(END_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`dashboard_session answered ${response.status}`);
  } catch (error) {
    console.warn('dashboard_session.end_failed: the session cookie could not be cleared', { error });
  }
}
