// unsubscribe: the link in every digest, alert and reminder email (browser GET) and its RFC 8058 one-click POST (mail
// clients send `List-Unsubscribe=One-Click`). The signed token names the user and the list; no sign-in is
// needed, and a forged, expired or malformed token is refused with a 4xx and changes nothing. GET only shows a
// confirmation button (link scanners prefetch GETs; only the POST turns the email off).
import { FieldValue } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { db } from '../admin';
import { isContention, runTransaction } from '../firestore-contention';
import { type EmailList, verifyUnsubscribeToken } from '../alerts/token';
import { appConfig, ConfigError, emailTokenSecret } from '../config';
import { contentionAnswer, errorDetails } from '../http/endpoint';
import { emailPreferencesDocPath, remindersPath } from '@bargains/model/paths';
import { unsubscribePage } from './unsubscribe-page';

export interface UnsubscribeRequest {
  method: string;
  query: Record<string, unknown>;
}

export interface UnsubscribeResponse {
  status(code: number): this;
  set(field: string, value: string): this;
  send(body: string): unknown;
}

const LIST_NAMES: Record<EmailList, string> = {
  digest: 'the deal digest',
  alerts: 'deal alerts',
  reminders: 'saved-deal reminder',
};
const REFUSALS = {
  malformed: [400, 'This unsubscribe link is incomplete. Copy the whole link from the email.'],
  forged: [403, 'This unsubscribe link is not valid.'],
  expired: [410, 'This unsubscribe link has expired. Change your email preferences on your account page.'],
} as const;

export async function handle(req: UnsubscribeRequest, res: UnsubscribeResponse): Promise<void> {
  res.set('Cache-Control', 'no-store');
  res.set('Content-Type', 'text/html; charset=utf-8');
  // Relative links until the configured origin is known (a broken config still gets a working page).
  let origin = '';
  const page = (title: string, message: string, form?: { action: string; label: string }) =>
    unsubscribePage({
      title,
      message,
      ...(form ? { form } : {}),
      preferencesUrl: `${origin}/account#email-preferences`,
      homeUrl: `${origin}/`,
    });
  try {
    origin = appConfig().appOrigin;
    if (req.method !== 'GET' && req.method !== 'POST') {
      res.set('Allow', 'GET, POST');
      res.status(405).send(page('Method not allowed', 'Use the link in the email.'));
      return;
    }
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const check = verifyUnsubscribeToken(token, emailTokenSecret(), new Date());
    if (!check.ok) {
      const [status, message] = REFUSALS[check.reason];
      res.status(status).send(page('Unsubscribe failed', message));
      return;
    }
    const { uid, list } = check.claims;
    if (req.method === 'GET') {
      res.status(200).send(
        page('Unsubscribe', `Stop ${LIST_NAMES[list]} emails?`, {
          action: `?token=${encodeURIComponent(token)}`,
          label: 'Unsubscribe',
        }),
      );
      return;
    }
    if (list === 'reminders') {
      // Reminders are set one deal at a time, so stopping them removes every one the user set; setting a new
      // one later is asking for that email again.
      await db().recursiveDelete(db().collection(remindersPath(uid)));
    } else {
      const ref = db().doc(emailPreferencesDocPath(uid));
      await runTransaction(db(), async (tx) => {
        const snapshot = await tx.get(ref);
        if (!snapshot.exists) return;
        tx.update(ref, {
          ...(list === 'digest' ? { digest: 'off' } : { instant_alerts: false }),
          updated_at: FieldValue.serverTimestamp(),
        });
      });
    }
    logger.info('unsubscribe.done', { uid, list });
    res.status(200).send(page('Unsubscribed', `You will not get ${LIST_NAMES[list]} emails any more.`));
  } catch (error) {
    if (isContention(error)) {
      // The endpoints' policy (http/endpoint.ts contentionAnswer), as a page: nothing changed, and the one-click
      // POST or the button can simply be sent again.
      const busy = contentionAnswer('unsubscribe', error);
      for (const [field, value] of Object.entries(busy.headers)) res.set(field, value);
      res
        .status(busy.status)
        .send(page('Please try again', 'Too many requests at once. Try again in a moment.'));
      return;
    }
    logger.error(error instanceof ConfigError ? 'config.invalid' : 'unsubscribe.failed', errorDetails(error));
    res.status(500).send(page('Something went wrong', 'Please try again later.'));
  }
}
