// unsubscribe: the link in every digest and alert email (browser GET) and its RFC 8058 one-click POST (mail
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
import { escapeHtml } from '../alerts/render';
import { alertPreferencesDocPath } from '../model/paths';

export interface UnsubscribeRequest {
  method: string;
  query: Record<string, unknown>;
}

export interface UnsubscribeResponse {
  status(code: number): this;
  set(field: string, value: string): this;
  send(body: string): unknown;
}

const LIST_NAMES: Record<EmailList, string> = { digest: 'the deal digest', alerts: 'deal alerts' };
const REFUSALS = {
  malformed: [400, 'This unsubscribe link is incomplete. Copy the whole link from the email.'],
  forged: [403, 'This unsubscribe link is not valid.'],
  expired: [410, 'This unsubscribe link has expired. Change your email preferences on your account page.'],
} as const;

function page(title: string, body: string, preferencesUrl: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Bargains</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="${escapeHtml(preferencesUrl)}">Email preferences</a></p></main></body></html>`;
}

export async function handle(req: UnsubscribeRequest, res: UnsubscribeResponse): Promise<void> {
  res.set('Cache-Control', 'no-store');
  res.set('Content-Type', 'text/html; charset=utf-8');
  let preferencesUrl = '/account#email-preferences';
  try {
    preferencesUrl = `${appConfig().appOrigin}/account#email-preferences`;
    if (req.method !== 'GET' && req.method !== 'POST') {
      res.set('Allow', 'GET, POST');
      res.status(405).send(page('Method not allowed', '<p>Use the link in the email.</p>', preferencesUrl));
      return;
    }
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const check = verifyUnsubscribeToken(token, emailTokenSecret(), new Date());
    if (!check.ok) {
      const [status, message] = REFUSALS[check.reason];
      res.status(status).send(page('Unsubscribe failed', `<p>${escapeHtml(message)}</p>`, preferencesUrl));
      return;
    }
    const { uid, list } = check.claims;
    if (req.method === 'GET') {
      const form = `<p>Stop ${escapeHtml(LIST_NAMES[list])} emails?</p><form method="post" action="?token=${escapeHtml(encodeURIComponent(token))}"><button type="submit">Unsubscribe</button></form>`;
      res.status(200).send(page('Unsubscribe', form, preferencesUrl));
      return;
    }
    const ref = db().doc(alertPreferencesDocPath(uid));
    await runTransaction(db(), async (tx) => {
      const snapshot = await tx.get(ref);
      if (!snapshot.exists) return;
      tx.update(ref, {
        ...(list === 'digest' ? { digest: 'off' } : { instant_alerts: false }),
        updated_at: FieldValue.serverTimestamp(),
      });
    });
    logger.info('unsubscribe.done', { uid, list });
    res
      .status(200)
      .send(
        page(
          'Unsubscribed',
          `<p>You will not get ${escapeHtml(LIST_NAMES[list])} emails any more.</p>`,
          preferencesUrl,
        ),
      );
  } catch (error) {
    if (isContention(error)) {
      // The endpoints' policy (http/endpoint.ts contentionAnswer), as a page: nothing changed, and the one-click
      // POST or the button can simply be sent again.
      const busy = contentionAnswer('unsubscribe', error);
      for (const [field, value] of Object.entries(busy.headers)) res.set(field, value);
      res
        .status(busy.status)
        .send(
          page(
            'Please try again',
            '<p>Too many requests at once. Try again in a moment.</p>',
            preferencesUrl,
          ),
        );
      return;
    }
    logger.error(error instanceof ConfigError ? 'config.invalid' : 'unsubscribe.failed', errorDetails(error));
    res.status(500).send(page('Something went wrong', '<p>Please try again later.</p>', preferencesUrl));
  }
}
