// send_digests and a subscriber's location (model/near-you.ts): a deal that does not apply in the subscriber's
// country is in neither their digest nor their alert; a subscriber without a location gets every deal. Runs in its
// own project, like send-digests.test.ts, with a counting mail transport.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { type MailMessage, runSendDigests, type RunEnvironment } from '../../functions/src/alerts/run';
import { pendingAlertBatch } from '../../functions/src/alerts/alert-batch';
import {
  emailPreferencesDoc,
  type EmailPreferencesInput,
  defaultEmailPreferences,
} from '@bargains/model/email-preferences';
import { buildDealDoc } from '@bargains/model/deal';
import { coarsePoint } from '@bargains/model/near-you';
import {
  alertBatchDocPath,
  emailPreferencesDocPath,
  locationDocPath,
  userDocPath,
} from '@bargains/model/paths';
import { writeDeals } from '../support/deals';
import { APP_ORIGIN, FIRESTORE_EMULATOR } from './support/env';

process.env.FIRESTORE_EMULATOR_HOST ??= FIRESTORE_EMULATOR;
const app = initializeApp({ projectId: 'demo-bargains-near-you' }, 'near-you-digests');
const db = getFirestore(app);
afterAll(async () => {
  await deleteApp(app);
});

// Monday 2026-11-23, 08:00 UTC.
const NOW = new Date('2026-11-23T08:00:00Z');
const HOUR = 3600_000;

function deal(title: string, savings: string, scrapedAt: Date, regions?: string[]) {
  return buildDealDoc({
    title,
    description: '',
    savings,
    type: 'code',
    code: 'CODE1',
    start_date: new Date(scrapedAt.getTime() - HOUR),
    end_date: new Date(NOW.getTime() + 5 * 24 * HOUR),
    shop_id: 'acme',
    shop_name: 'Acme',
    url_home: 'https://shop.example/deal',
    scraped_at: scrapedAt,
    is_verified: true,
    regions: regions ?? null,
  });
}

const PREFERENCES: EmailPreferencesInput = {
  ...defaultEmailPreferences('UTC'),
  digest: 'daily',
  digest_hour: 8,
  instant_alerts: true,
  alert_threshold: 1,
};

async function seed(): Promise<void> {
  await Promise.all(
    ['users', 'sources', 'alert_batches', '_meta'].map((name) => db.recursiveDelete(db.collection(name))),
  );
  for (const uid of ['portland', 'nowhere']) {
    await db.doc(userDocPath(uid)).set({
      subscription_active: true,
      subscription_status: 'active',
      created_at: NOW,
      updated_at: NOW,
    });
    await db.doc(emailPreferencesDocPath(uid)).set(emailPreferencesDoc(PREFERENCES, NOW));
  }
  await db.doc(locationDocPath('portland')).set({
    label: 'Portland, OR, US',
    country: 'US',
    ...coarsePoint({ lat: 45.5152, lng: -122.6784 }),
    source: 'typed',
    updated_at: NOW,
  });
  await writeDeals(db, [
    {
      id: 'everywhere',
      doc: deal('30% off lamps everywhere', '30% off', new Date(NOW.getTime() - 2 * HOUR)),
    },
    {
      id: 'us-ca',
      doc: deal('25% off rugs in North America', '25% off', new Date(NOW.getTime() - 3 * HOUR), ['US', 'CA']),
    },
    {
      id: 'uk-only',
      doc: deal('50% off kettles in the UK', '50% off', new Date(NOW.getTime() - 4 * HOUR), ['GB']),
    },
  ]);
}

function environment(now: Date, sent: MailMessage[]): RunEnvironment {
  return {
    db,
    transport: { sendMail: async (message) => void sent.push(message) },
    emailsOf: async (uids) => new Map(uids.map((uid) => [uid, `${uid}@example.com`])),
    appOrigin: APP_ORIGIN,
    from: 'Bargains <deals@bargains.example>',
    tokenSecret: 'local-bargains-unsubscribe-signing-key-0123456789',
    now,
  };
}

describe('send_digests and the subscriber country', () => {
  beforeEach(seed);

  it("leaves a deal of another country out of a located subscriber's digest, not out of others'", async () => {
    const sent: MailMessage[] = [];
    expect(await runSendDigests(environment(NOW, sent))).toMatchObject({ sent: 2 });
    const to = (uid: string) => sent.find((message) => message.to === `${uid}@example.com`)?.text ?? '';
    expect(to('portland')).toContain('30% off lamps everywhere');
    expect(to('portland')).toContain('25% off rugs in North America');
    expect(to('portland')).not.toContain('50% off kettles in the UK');
    expect(to('nowhere')).toContain('50% off kettles in the UK');
  });

  it("leaves a deal of another country out of a located subscriber's alert", async () => {
    // A new UK-only deal and a new deal for everyone, written at 08:15; their hour's batch is sent after 09:00.
    const writtenAt = new Date(NOW.getTime() + 15 * 60_000);
    await writeDeals(db, [
      { id: 'uk-new', doc: deal('70% off UK phones', '70% off', writtenAt, ['GB']) },
      { id: 'all-new', doc: deal('60% off tablets', '60% off', writtenAt) },
    ]);
    const batch = pendingAlertBatch('uk-new', writtenAt);
    await db.doc(alertBatchDocPath(batch.hour)).set(batch);
    const sent: MailMessage[] = [];
    await runSendDigests(environment(new Date(NOW.getTime() + HOUR), sent));
    const alert = (uid: string) =>
      sent.find(
        (message) => message.to === `${uid}@example.com` && message.subject.startsWith('Unusually cheap'),
      );
    expect(alert('portland')?.text).toContain('60% off tablets');
    expect(alert('portland')?.text).not.toContain('70% off UK phones');
    expect(alert('nowhere')?.text).toContain('70% off UK phones');
  });
});
