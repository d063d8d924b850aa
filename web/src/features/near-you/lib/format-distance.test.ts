import { formatDistance } from './format-distance';

describe('formatDistance', () => {
  it('shows kilometres with one decimal, and metres under 1 km', () => {
    expect(formatDistance(1.2345, 'en-US')).toBe('1.2 km');
    expect(formatDistance(12, 'en-US')).toBe('12 km');
    expect(formatDistance(0.44, 'en-US')).toBe('400 m');
    expect(formatDistance(0.01, 'en-US')).toBe('100 m');
    expect(formatDistance(1.25, 'de-DE')).toBe('1,3 km');
  });
});
