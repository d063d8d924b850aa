// What send_digests' two senders share (run.ts: digests and alerts; reminders.ts: reminders before a saved
// deal ends): the environment a run gets, chunked reads, bounded concurrency, the claim-race test and the
// one-click unsubscribe link.
import type { Firestore } from 'firebase-admin/firestore';
import { type EmailList, signUnsubscribeToken, unsubscribeExpiry } from './token';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers: Record<string, string>;
}

/** The slice of a nodemailer transporter a run uses (tests and the benchmark pass a counting one). */
export interface MailTransport {
  sendMail(message: MailMessage): Promise<unknown>;
}

export interface RunEnvironment {
  db: Firestore;
  transport: MailTransport;
  /** uid → email address, for the users about to get mail (Auth, not Firestore). */
  emailsOf: (uids: readonly string[]) => Promise<Map<string, string>>;
  appOrigin: string;
  from: string;
  tokenSecret: string;
  now: Date;
  log?: (event: string, details: Record<string, unknown>) => void;
}

/**
 * Emails claimed, rendered and sent at once: a send waits on Firestore and the mail server, so one at a time
 * would leave a 10,000-subscriber run idle most of its 540 s. The SMTP pool opens as many connections.
 */
export const SEND_CONCURRENCY = 8;

const GET_ALL_CHUNK = 300;

export async function getAllChunked(db: Firestore, paths: readonly string[]) {
  const snapshots = [];
  for (let i = 0; i < paths.length; i += GET_ALL_CHUNK) {
    const refs = paths.slice(i, i + GET_ALL_CHUNK).map((path) => db.doc(path));
    if (refs.length > 0) snapshots.push(...(await db.getAll(...refs)));
  }
  return snapshots;
}

/** Runs `work` on every item with at most `limit` in flight; `work` handles its own errors. */
export async function forEachConcurrently<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** gRPC ALREADY_EXISTS (6) or FAILED_PRECONDITION (9): another run claimed the entry first. */
export function isLostClaimRace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 6 || code === 9;
}

/** The signed one-click unsubscribe link of one user's list. */
export function unsubscribeUrl(env: RunEnvironment, email: { uid: string; list: EmailList }): string {
  const token = signUnsubscribeToken(
    { uid: email.uid, list: email.list, expires: unsubscribeExpiry(env.now) },
    env.tokenSecret,
  );
  return `${env.appOrigin}/unsubscribe?token=${encodeURIComponent(token)}`;
}
