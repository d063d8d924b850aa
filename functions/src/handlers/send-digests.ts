// send_digests (hourly): wires the run to production services: nodemailer over SMTP_URL, addresses from
// Firebase Auth, configuration from params and secrets. The logic is alerts/run.ts.
import * as logger from 'firebase-functions/logger';
import { createTransport } from 'nodemailer';
import { db } from '../admin';
import { adminAuth } from '../admin-auth';
import { runSendDigests, type RunSummary, SEND_CONCURRENCY } from '../alerts/run';
import { appConfig, EMAIL_FROM, emailTokenSecret, smtpUrl } from '../config';
import { emailRunDocPath } from '@bargains/model/paths';
import { toIsoTimestamp } from '@bargains/model/timestamp';

const AUTH_LOOKUP_CHUNK = 100;

/** Verified-or-not primary addresses of the given users; disabled or deleted accounts get none. */
export async function emailAddresses(uids: readonly string[]): Promise<Map<string, string>> {
  const addresses = new Map<string, string>();
  for (let i = 0; i < uids.length; i += AUTH_LOOKUP_CHUNK) {
    const { users } = await adminAuth().getUsers(
      uids.slice(i, i + AUTH_LOOKUP_CHUNK).map((uid) => ({ uid })),
    );
    for (const user of users) if (user.email && !user.disabled) addresses.set(user.uid, user.email);
  }
  return addresses;
}

export async function handle(now: Date = new Date()): Promise<RunSummary> {
  const transport = createTransport({ url: smtpUrl(), pool: true, maxConnections: SEND_CONCURRENCY });
  const firestore = db();
  try {
    const summary = await runSendDigests({
      db: firestore,
      transport,
      emailsOf: emailAddresses,
      appOrigin: appConfig().appOrigin,
      from: EMAIL_FROM.value(),
      tokenSecret: emailTokenSecret(),
      now,
      log: (event, details) => logger.warn(event, details),
    });
    logger.info('send_digests.done', { ...summary });
    // The run log `npm run send-digests` prints (server only, like collector_runs).
    await firestore
      .doc(emailRunDocPath(toIsoTimestamp(now).replace(/[:.]/g, '-')))
      .set({ ...summary, started_at: now, finished_at: new Date() });
    return summary;
  } finally {
    transport.close();
  }
}
