// The Firestore-triggered wiring of alert_on_new_deal with firebase-functions-test: it fires on deal creation
// only, and hands the handler the deal's id, data and the write time. The marking itself runs against the
// emulator (tests/functions/alert-batches.test.ts).
import functionsTest from 'firebase-functions-test';
import { alert_on_new_deal } from './index';

const handle = jest.fn(async (_dealId: string, _data: unknown, _writtenAt: Date) => 'marked');
// index.ts imports the compiled name (`.js`), which only exists in functions/lib: mock that specifier.
jest.mock(
  './handlers/alert-on-new-deal.js',
  () => ({ handle: (dealId: string, data: unknown, at: Date) => handle(dealId, data, at) }),
  { virtual: true },
);

const fft = functionsTest({ projectId: 'demo-bargains' });
afterAll(() => fft.cleanup());

describe('alert_on_new_deal trigger', () => {
  it('listens to created documents of the deal collection, retrying failures', () => {
    expect(alert_on_new_deal.__endpoint.eventTrigger).toMatchObject({
      eventType: 'google.cloud.firestore.document.v1.created',
      eventFilterPathPatterns: { document: 'sources/wired/coupons/{dealId}' },
      retry: true,
    });
  });

  it('hands the new deal and its write time to the handler', async () => {
    const data = { title: '50% off TVs', savings: '50% off' };
    const snapshot = fft.firestore.makeDocumentSnapshot(data, 'sources/wired/coupons/tv-1');
    // wrap() fills in the rest of the CloudEvent (type, source, subject) from the function's trigger.
    await fft.wrap(alert_on_new_deal)({
      data: snapshot,
      params: { dealId: 'tv-1' },
      time: '2026-11-23T14:20:00.000Z',
    });
    expect(handle).toHaveBeenCalledTimes(1);
    expect(handle).toHaveBeenCalledWith('tv-1', data, new Date('2026-11-23T14:20:00.000Z'));
  });
});
