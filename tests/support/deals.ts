// A deal document for tests that write deals to the emulator (alert triggers, digests): a verified code deal that
// is live now (started an hour ago, ends in five days) unless the caller says otherwise.
import { buildDealDoc, type DealDoc, type DealInput } from '../../functions/src/model/deal';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

export function liveCodeDeal(
  fields: Pick<DealInput, 'title' | 'savings' | 'code' | 'shop_id' | 'shop_name' | 'url_home'> &
    Partial<DealInput>,
  now = Date.now(),
): DealDoc {
  return buildDealDoc({
    description: '',
    type: 'code',
    start_date: new Date(now - HOUR),
    end_date: new Date(now + 5 * DAY),
    scraped_at: new Date(now),
    is_verified: true,
    ...fields,
  });
}
