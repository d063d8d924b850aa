import { alertBatchHour, isAlertBatchDue, mayAlert, parseAlertBatch, pendingAlertBatch } from './alert-batch';

const NOW = new Date('2026-11-23T14:20:00Z');
const deal = (savings_value: number, endsInHours: number) => ({
  savings_value,
  end_date: new Date(NOW.getTime() + endsInHours * 3600_000),
});

describe('alert batches', () => {
  it('keys a batch by the UTC hour the deal was written in', () => {
    expect(alertBatchHour(NOW)).toBe('2026-11-23T14');
    expect(alertBatchHour(new Date('2026-11-23T14:59:59.999Z'))).toBe('2026-11-23T14');
    expect(pendingAlertBatch('d1', NOW)).toEqual({
      hour: '2026-11-23T14',
      status: 'pending',
      first_deal_id: 'd1',
      created_at: NOW,
    });
  });

  it('marks only deals that name a saving and have not ended', () => {
    expect(mayAlert(deal(40, 24), NOW)).toBe(true);
    expect(mayAlert(deal(0, 24), NOW)).toBe(false); // "Special offer": never unusually cheap
    expect(mayAlert(deal(40, 0), NOW)).toBe(false);
    expect(mayAlert(deal(40, -1), NOW)).toBe(false);
  });

  it('is due once its hour has ended, and only while pending', () => {
    const batch = pendingAlertBatch('d1', NOW);
    expect(isAlertBatchDue(batch, new Date('2026-11-23T14:59:59Z'))).toBe(false);
    expect(isAlertBatchDue(batch, new Date('2026-11-23T15:00:00Z'))).toBe(true);
    expect(isAlertBatchDue({ ...batch, status: 'sent' }, new Date('2026-11-24T00:00:00Z'))).toBe(false);
  });

  it('reports a malformed batch document instead of using it', () => {
    const report = jest.fn();
    expect(parseAlertBatch('x', { hour: 'yesterday', status: 'pending' }, report)).toBeNull();
    expect(report).toHaveBeenCalledTimes(1);
  });
});
