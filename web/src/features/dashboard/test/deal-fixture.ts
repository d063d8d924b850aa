import type { Deal } from '@bargains/model/deal';

/** A valid parsed deal for component tests; override what the test is about. */
export function makeDeal(overrides: Partial<Deal> = {}): Deal {
  return {
    id: 'deal-1',
    source_id: 'wired',
    title: '20% off headphones',
    description: 'Noise-cancelling headphones at a discount.',
    savings: '20% off',
    savings_value: 20,
    type: 'coupon',
    code: 'SAVE20',
    start_date: new Date('2025-01-05T12:00:00.000Z'),
    end_date: new Date('2025-02-10T12:00:00.000Z'),
    shop_id: 'shop-1',
    shop_name: 'Sound Shop',
    shop_url: 'https://sound.example.com',
    shop_logo_url: null,
    url_home: 'https://sound.example.com/deals/headphones',
    scraped_at: new Date('2025-01-05T12:00:00.000Z'),
    is_verified: true,
    category: 'electronics',
    ...overrides,
  };
}
