// Reminders before a saved deal ends, through send_digests' run against the Firestore emulator with a counting
// mail transport: sent once at their time across repeated, overlapping and crashed runs; not sent for a deal
// that was unsaved, removed, or ended early, nor to a lapsed subscriber; postponed when the deal's end moved
// later; the one-click unsubscribe stops them. Its own project, like send-digests.test.ts.
import { deleteApp, getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { type MailMessage, runSendDigests, type RunEnvironment } from '../../functions/src/alerts/run';
import { signUnsubscribeToken, unsubscribeExpiry } from '../../functions/src/alerts/token';
import { buildDealDoc } from '@bargains/model/deal';
import { emailLedgerDocPath, reminderDocPath, savedDealDocPath, userDocPath } from '@bargains/model/paths';
import { reminderDoc, reminderEntryId, type ReminderLeadDays, reminderTime } from '@bargains/model/reminder';
import { handle as unsubscribe } from '../../functions/src/handlers/unsubscribe';
import { deleteDeals, writeDeals } from '../support/deals';
import { APP_ORIGIN, FIRESTORE_EMULATOR } from './support/env';

const TOKEN_SECRET = 'local-bargains-unsubscribe-signing-key-0123456789';
const PROJECT = 'demo-bargains-reminders';

process.env.FIRESTORE_EMULATOR_HOST ??= FIRESTORE_EMULATOR;
// The unsubscribe handler runs in this process: its Admin app, params and secret come from the environment.
process.env.GCLOUD_PROJECT = PROJECT;
process.env.APP_ORIGIN = APP_ORIGIN;
process.env.STRIPE_PRICE_ID = 'price_test';
process.env.CORS_ALLOWED_ORIGINS = '';
process.env.EMAIL_TOKEN_SECRET = TOKEN_SECRET;
const app = initializeApp({ projectId: PROJECT });
const db = getFirestore(app);
afterAll(async () => {
  await Promise.all(getApps().map((each) => deleteApp(each)));
});

// Monday 2026-11-23, 08:00 UTC; the deal ends Wednesday 2026-11-25 at 15:00 in New York (20:00Z).
const NOW = new Date('2026-11-23T08:00:00Z');
const END = new Date('2026-11-25T20:00:00Z');
const ZONE = 'America/New_York';
const SET_AT = new Date('2026-11-20T12:00:00Z');
/** "1 day before": Tuesday 15:00 in New York. */
const DUE = new Date('2026-11-24T20:00:00Z');
const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

function deal(title: string, end: Date) {
  return buildDealDoc({
    title,
    description: '',
    savings: '30% off',
    type: 'code',
    code: 'SAVE30',
    start_date: new Date(NOW.getTime() - 86_400_000),
    end_date: end,
    shop_id: 'acme',
    shop_name: 'Acme',
    url_home: 'https://shop.example/deal',
    scraped_at: new Date(NOW.getTime() - 86_400_000),
    is_verified: true,
  });
}

interface Seeded {
  uid: string;
  dealId: string;
  active?: boolean;
  saved?: boolean;
  lead?: ReminderLeadDays;
  end?: Date;
}

async function seed(rows: readonly Seeded[]): Promise<void> {
  await Promise.all([
    db.recursiveDelete(db.collection('users')),
    db.recursiveDelete(db.collection('sources')),
  ]);
  const writes: Array<Promise<unknown>> = [];
  for (const { uid, dealId, active = true, saved = true, lead = 1, end = END } of rows) {
    writes.push(
      db.doc(userDocPath(uid)).set({
        subscription_active: active,
        subscription_status: active ? 'active' : 'canceled',
        created_at: NOW,
        updated_at: NOW,
      }),
      writeDeals(db, [{ id: dealId, doc: deal(`Deal ${dealId}`, end) }]),
      db
        .doc(reminderDocPath(uid, dealId))
        .set(
          reminderDoc(dealId, lead, ZONE, reminderTime(end, lead, ZONE) ?? end, Timestamp.fromDate(SET_AT)),
        ),
    );
    if (saved) writes.push(db.doc(savedDealDocPath(uid, dealId)).set({ saved_at: SET_AT }));
  }
  await Promise.all(writes);
}

function environment(
  now: Date,
  sent: MailMessage[],
  failFor: ReadonlySet<string> = new Set(),
): RunEnvironment {
  return {
    db,
    transport: {
      sendMail: async (message) => {
        if (failFor.has(message.to)) throw new Error('SMTP connection lost');
        sent.push(message);
      },
    },
    emailsOf: async (uids) => new Map(uids.map((uid) => [uid, `${uid}@example.com`])),
    appOrigin: APP_ORIGIN,
    from: 'Bargains <deals@bargains.example>',
    tokenSecret: TOKEN_SECRET,
    now,
  };
}

const reminderExists = async (uid: string, dealId: string) =>
  (await db.doc(reminderDocPath(uid, dealId)).get()).exists;

describe('reminders in the send_digests run', () => {
  it('sends a reminder once at its time in the user’s zone, however often the run comes', async () => {
    await seed([{ uid: 'ann', dealId: 'laptops' }]);
    const sent: MailMessage[] = [];
    // Hourly runs before the time send nothing.
    expect(await runSendDigests(environment(NOW, sent))).toMatchObject({ remindersSent: 0, sent: 0 });
    expect(await runSendDigests(environment(minutesAfter(DUE, -1), sent))).toMatchObject({
      remindersSent: 0,
    });
    const due = await runSendDigests(environment(minutesAfter(DUE, 20), sent));
    expect(due).toMatchObject({ remindersSent: 1, sent: 1, failed: 0 });
    expect(sent).toHaveLength(1);
    const [mail] = sent as [MailMessage];
    expect(mail.to).toBe('ann@example.com');
    expect(mail.subject).toBe('Ends soon: Deal laptops');
    // The end as the user's clock shows it.
    expect(mail.text).toContain('Ends Nov 25, 2026, 3:00 PM EST');
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['List-Unsubscribe']).toMatch(
      new RegExp(`^<${APP_ORIGIN}/unsubscribe\\?token=ann\\.reminders\\.`),
    );
    const entry = await db.doc(emailLedgerDocPath('ann', reminderEntryId('laptops', SET_AT))).get();
    expect(entry.data()).toMatchObject({ list: 'reminders', status: 'sent', deal_ids: ['laptops'] });
    // Sent reminders are removed; the next runs find nothing.
    expect(await reminderExists('ann', 'laptops')).toBe(false);
    expect(await runSendDigests(environment(minutesAfter(DUE, 80), sent))).toMatchObject({ sent: 0 });
    expect(sent).toHaveLength(1);
  });

  it('sends one reminder when two runs overlap, and a retried run after them sends nothing', async () => {
    await seed([{ uid: 'ann', dealId: 'laptops' }]);
    const sent: MailMessage[] = [];
    const runs = await Promise.all([
      runSendDigests(environment(DUE, sent)),
      runSendDigests(environment(DUE, sent)),
    ]);
    expect(sent).toHaveLength(1);
    expect(runs.map((run) => [run.remindersSent, run.skipped, run.failed]).sort()).toEqual([
      [0, 1, 0],
      [1, 0, 0],
    ]);
    expect(await runSendDigests(environment(DUE, sent))).toMatchObject({ sent: 0, failed: 0 });
    expect(sent).toHaveLength(1);
  });

  it('resumes a reminder whose send crashed, after the claim goes stale, exactly once', async () => {
    await seed([{ uid: 'ann', dealId: 'laptops' }]);
    const sent: MailMessage[] = [];
    const failing = new Set(['ann@example.com']);
    expect(await runSendDigests(environment(DUE, sent, failing))).toMatchObject({ failed: 1 });
    expect(await runSendDigests(environment(minutesAfter(DUE, 5), sent))).toMatchObject({
      skipped: 1,
      sent: 0,
    });
    expect(await runSendDigests(environment(minutesAfter(DUE, 11), sent))).toMatchObject({
      remindersSent: 1,
    });
    expect(await runSendDigests(environment(minutesAfter(DUE, 12), sent))).toMatchObject({ sent: 0 });
    expect(sent).toHaveLength(1);
  });

  it('drops, unsent, the reminders of a deal unsaved, removed from the catalogue or ended early', async () => {
    await seed([
      { uid: 'ann', dealId: 'unsaved', saved: false },
      { uid: 'bob', dealId: 'removed' },
      { uid: 'cat', dealId: 'ended-early' },
      { uid: 'dan', dealId: 'still-on' },
    ]);
    await deleteDeals(db, ['removed']);
    // The network ended this deal early: its end moved to before the reminder's time.
    await writeDeals(db, [{ id: 'ended-early', doc: deal('Deal ended-early', minutesAfter(DUE, -60)) }]);
    const sent: MailMessage[] = [];
    const run = await runSendDigests(environment(DUE, sent));
    expect(run).toMatchObject({ remindersSent: 1, remindersDropped: 3, failed: 0 });
    expect(sent.map((mail) => mail.to)).toEqual(['dan@example.com']);
    for (const [uid, dealId] of [
      ['ann', 'unsaved'],
      ['bob', 'removed'],
      ['cat', 'ended-early'],
    ] as const) {
      expect(await reminderExists(uid, dealId)).toBe(false);
    }
    expect(await runSendDigests(environment(minutesAfter(DUE, 60), sent))).toMatchObject({ sent: 0 });
  });

  it('postpones a reminder whose deal’s end moved later, and sends it at the new time', async () => {
    await seed([{ uid: 'ann', dealId: 'laptops' }]);
    const later = new Date('2026-11-28T20:00:00Z');
    await writeDeals(db, [{ id: 'laptops', doc: deal('Deal laptops', later) }]);
    const sent: MailMessage[] = [];
    expect(await runSendDigests(environment(DUE, sent))).toMatchObject({
      remindersSent: 0,
      remindersDropped: 0,
    });
    const stored = await db.doc(reminderDocPath('ann', 'laptops')).get();
    expect((stored.get('remind_at') as Timestamp).toDate()).toEqual(new Date('2026-11-27T20:00:00Z'));
    expect(await runSendDigests(environment(new Date('2026-11-27T20:05:00Z'), sent))).toMatchObject({
      remindersSent: 1,
    });
    expect(sent[0]?.text).toContain('Ends Nov 28, 2026, 3:00 PM EST');
  });

  it('sends no reminder to a lapsed subscriber, and keeps it for their return while the deal runs', async () => {
    await seed([{ uid: 'ann', dealId: 'laptops', active: false }]);
    const sent: MailMessage[] = [];
    expect(await runSendDigests(environment(DUE, sent))).toMatchObject({ sent: 0, remindersDropped: 0 });
    expect(sent).toHaveLength(0);
    expect(await reminderExists('ann', 'laptops')).toBe(true);
  });

  /** The unsubscribe handler as the Functions runtime calls it, with a recording response. */
  async function callUnsubscribe(method: string, token: string) {
    const answer = { status: 0, body: '' };
    const res = {
      status(code: number) {
        answer.status = code;
        return this;
      },
      set() {
        return this;
      },
      send(body: string) {
        answer.body = body;
      },
    };
    await unsubscribe({ method, query: { token } }, res);
    return answer;
  }

  it('stops every reminder of the user with the email’s one-click unsubscribe, and only theirs', async () => {
    await seed([
      { uid: 'ann', dealId: 'laptops' },
      { uid: 'ann', dealId: 'phones', lead: 3 },
      { uid: 'bob', dealId: 'tablets' },
    ]);
    const token = signUnsubscribeToken(
      { uid: 'ann', list: 'reminders', expires: unsubscribeExpiry(new Date()) },
      TOKEN_SECRET,
    );
    // GET only asks; the reminders stay.
    const asked = await callUnsubscribe('GET', token);
    expect(asked.status).toBe(200);
    expect(asked.body).toContain('Stop saved-deal reminder emails?');
    expect(await reminderExists('ann', 'laptops')).toBe(true);

    const done = await callUnsubscribe('POST', token);
    expect(done.status).toBe(200);
    expect(done.body).toContain('You will not get saved-deal reminder emails any more.');
    expect(await reminderExists('ann', 'laptops')).toBe(false);
    expect(await reminderExists('ann', 'phones')).toBe(false);
    const sent: MailMessage[] = [];
    await runSendDigests(environment(DUE, sent));
    expect(sent.map((mail) => mail.to)).toEqual(['bob@example.com']);
  });
});
