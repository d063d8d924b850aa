// alert_on_new_deal in the Functions emulator: a new deal that could alert someone marks its hour's alert batch
// (alert_batches/{UTC hour}) once; a deal no rule could pick marks nothing. The batch's sending is covered by
// send-digests.test.ts. Deals are written to the demo project (triggers fire only there) and removed after.
import { randomBytes } from 'node:crypto';
import { markAlertBatch } from '../../functions/src/handlers/alert-on-new-deal';
import { alertBatchDocPath, COLLECTIONS } from '@bargains/model/paths';
import { closeAdmin, testDb } from './support/admin';
import { waitUntil } from '../../tools/wait-until';
import { deleteDeals, liveCodeDeal, writeDeals } from '../support/deals';

const suffix = randomBytes(4).toString('hex');
const ids = { plain: `alert-test-plain-${suffix}`, cheap: `alert-test-cheap-${suffix}` };

function newDeal(title: string, savings: string) {
  const now = Date.now();
  return liveCodeDeal(
    {
      title,
      savings,
      code: 'ALERT',
      end_date: new Date(now + 3 * 86_400_000),
      shop_id: 'acme',
      shop_name: 'Acme',
      url_home: 'https://shop.example/deal',
    },
    now,
  );
}

afterAll(async () => {
  await deleteDeals(testDb(), Object.values(ids));
  await closeAdmin();
});

const batchesFirstMarkedBy = async (dealId: string) =>
  (await testDb().collection(COLLECTIONS.alertBatches).where('first_deal_id', '==', dealId).get()).docs;

describe('alert_on_new_deal (emulator)', () => {
  it('marks the hour of a new alert-worthy deal, and not for an offer without a number', async () => {
    const db = testDb();
    // Start the hour unmarked, so the deal written now is the one that marks it.
    const hour = new Date().toISOString().slice(0, 13);
    await db.doc(alertBatchDocPath(hour)).delete();
    await writeDeals(db, [{ id: ids.plain, doc: newDeal('Special offer on socks', 'Special offer') }]);
    await writeDeals(db, [{ id: ids.cheap, doc: newDeal('70% off laptops', '70% off') }]);

    const [batch] = await waitUntil(
      () => batchesFirstMarkedBy(ids.cheap),
      (docs) => docs.length === 1,
      { what: 'the alert batch marked by the new deal', timeoutMs: 30_000 },
    );
    expect(batch?.data()).toMatchObject({ status: 'pending', first_deal_id: ids.cheap });
    expect(await batchesFirstMarkedBy(ids.plain)).toHaveLength(0);
  });

  it('marks each hour once: a later deal of a marked hour writes nothing', async () => {
    const writtenAt = new Date('2030-01-01T10:15:00Z');
    const hourPath = alertBatchDocPath('2030-01-01T10');
    await testDb().doc(hourPath).delete();
    const deal = { ...newDeal('60% off tablets', '60% off'), end_date: '2030-02-01T00:00:00.000Z' };
    expect(await markAlertBatch(testDb(), 'first', deal, writtenAt)).toBe('marked');
    expect(await markAlertBatch(testDb(), 'second', deal, new Date('2030-01-01T10:59:00Z'))).toBe(
      'already-marked',
    );
    expect((await testDb().doc(hourPath).get()).data()).toMatchObject({ first_deal_id: 'first' });
    expect(await markAlertBatch(testDb(), 'ended', deal, new Date('2030-03-01T00:00:00Z'))).toBe(
      'not-alertable',
    );
    await testDb().doc(hourPath).delete();
  });
});
