import {
  addedAgo,
  descriptionWithoutCode,
  monogramHue,
  monogramOf,
  titleWithoutSavings,
  urgencyOf,
} from './card-text';

describe('card text', () => {
  it.each([
    ['20% off headphones', '20% off', 'Headphones'],
    ['Free shipping on bedding sets', 'Free shipping', 'Bedding sets'],
    ['BOGO: video games', 'BOGO', 'Video games'],
    ['Buy 2, get 1 free: toys', 'Buy 2, get 1 free', 'Toys'],
    ['Headphones, 20% off', '20% off', 'Headphones, 20% off'],
    ['20% off', '20% off', '20% off'],
    ['Up to 50% off (clearance)', 'Up to 50% off (clearance)', 'Up to 50% off (clearance)'],
    ['Anything', '', 'Anything'],
  ])('title %j without savings %j → %j', (title, savings, expected) => {
    expect(titleWithoutSavings(title, savings)).toBe(expected);
  });

  it('drops only the sentences that mention the code', () => {
    expect(
      descriptionWithoutCode('Save on tents. Use code TRAIL20 at checkout. Online only.', 'TRAIL20'),
    ).toBe('Save on tents. Online only.');
    expect(descriptionWithoutCode('Use code X1.', null)).toBe('Use code X1.');
    expect(descriptionWithoutCode('Code TRAIL200 differs.', 'TRAIL20')).toBe('Code TRAIL200 differs.');
  });

  it('makes monograms and stable hues', () => {
    expect(monogramOf('Cedar & Pine Home')).toBe('CP');
    expect(monogramOf('nova')).toBe('N');
    expect(monogramOf('Ébène Café')).toBe('ÉC');
    expect(monogramOf('!!!')).toBe('?');
    expect(monogramHue('pantry-fresh')).toBe(monogramHue('pantry-fresh'));
    expect(monogramHue('pantry-fresh')).toBeGreaterThanOrEqual(0);
    expect(monogramHue('pantry-fresh')).toBeLessThan(360);
  });

  it('says how soon a deal ends, in calendar days', () => {
    const now = new Date(2025, 0, 20, 9, 0);
    expect(urgencyOf(new Date(2025, 0, 20, 23, 0), now)).toEqual({ label: 'Ends today', level: 'today' });
    expect(urgencyOf(new Date(2025, 0, 21, 1, 0), now)).toEqual({ label: 'Ends tomorrow', level: 'soon' });
    expect(urgencyOf(new Date(2025, 0, 23, 12, 0), now)).toEqual({ label: 'Ends in 3 days', level: 'soon' });
    expect(urgencyOf(new Date(2025, 1, 9, 12, 0), now)).toEqual({ label: 'Ends in 20 days', level: 'later' });
    expect(urgencyOf(new Date(2025, 0, 20, 9, 0), now)).toEqual({ label: 'Expired', level: 'expired' });
  });

  it('says how long ago a deal was added', () => {
    const now = new Date('2025-01-20T12:00:00Z');
    const ago = (ms: number) => addedAgo(new Date(now.getTime() - ms), now);
    expect(ago(20_000)).toBe('Added just now');
    expect(ago(5 * 60_000)).toBe('Added 5 min ago');
    expect(ago(2 * 3_600_000 + 59 * 60_000)).toBe('Added 2 h ago');
    expect(ago(30 * 3_600_000)).toBe('Added yesterday');
    expect(ago(3 * 86_400_000)).toBe('Added 3 days ago');
    expect(ago(-60_000)).toBe('Added just now');
  });
});
