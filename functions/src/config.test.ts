import {
  buildAppConfig,
  buildGracePeriodSeconds,
  ConfigError,
  parseOrigin,
  stripeApiOverride,
} from './config';

describe('buildGracePeriodSeconds', () => {
  it('turns days into seconds, up to the retry window', () => {
    expect(buildGracePeriodSeconds({ graceDays: 7, retryWindowDays: 14 })).toBe(7 * 86_400);
    expect(buildGracePeriodSeconds({ graceDays: 14, retryWindowDays: 14 })).toBe(14 * 86_400);
    expect(buildGracePeriodSeconds({ graceDays: 0, retryWindowDays: 14 })).toBe(0);
  });

  it.each([
    [15, 14],
    [-1, 14],
    [1.5, 14],
    [1, 0],
  ])('refuses a grace of %p days with a retry window of %p days', (graceDays, retryWindowDays) => {
    expect(() => buildGracePeriodSeconds({ graceDays, retryWindowDays })).toThrow(ConfigError);
  });
});

describe('parseOrigin', () => {
  it('accepts https origins and http on loopback, without a trailing slash', () => {
    expect(parseOrigin('APP_ORIGIN', 'https://bargains.web.app')).toBe('https://bargains.web.app');
    expect(parseOrigin('APP_ORIGIN', 'https://bargains.web.app/')).toBe('https://bargains.web.app');
    expect(parseOrigin('APP_ORIGIN', 'http://127.0.0.1:5000')).toBe('http://127.0.0.1:5000');
    expect(parseOrigin('APP_ORIGIN', 'http://localhost:5173')).toBe('http://localhost:5173');
  });

  it.each(['', 'bargains.web.app', 'http://bargains.web.app', 'https://bargains.web.app/app', 'ftp://x.y'])(
    'rejects %p',
    (value) => {
      expect(() => parseOrigin('APP_ORIGIN', value)).toThrow(ConfigError);
    },
  );
});

describe('buildAppConfig', () => {
  it('puts APP_ORIGIN first in the CORS allow-list and drops duplicates', () => {
    expect(
      buildAppConfig({
        appOrigin: 'https://bargains.web.app',
        priceId: 'price_123',
        corsAllowedOrigins: ' https://preview.example.com , https://bargains.web.app,',
      }),
    ).toEqual({
      appOrigin: 'https://bargains.web.app',
      priceId: 'price_123',
      corsOrigins: ['https://bargains.web.app', 'https://preview.example.com'],
    });
  });

  it('rejects a missing or malformed price id', () => {
    expect(() =>
      buildAppConfig({ appOrigin: 'https://a.web.app', priceId: '', corsAllowedOrigins: '' }),
    ).toThrow(/STRIPE_PRICE_ID/);
    expect(() =>
      buildAppConfig({ appOrigin: 'https://a.web.app', priceId: 'prod_1', corsAllowedOrigins: '' }),
    ).toThrow(/STRIPE_PRICE_ID/);
  });
});

describe('stripeApiOverride', () => {
  it('is honoured only inside the Functions emulator', () => {
    expect(stripeApiOverride({ STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toBeUndefined();
    expect(
      stripeApiOverride({ STRIPE_API_BASE: 'http://127.0.0.1:12111', FUNCTIONS_EMULATOR: 'false' }),
    ).toBeUndefined();
    expect(
      stripeApiOverride({ STRIPE_API_BASE: 'http://127.0.0.1:12111', FUNCTIONS_EMULATOR: 'true' }),
    ).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
  });

  it('is absent when unset or blank, and rejects garbage', () => {
    expect(stripeApiOverride({ FUNCTIONS_EMULATOR: 'true' })).toBeUndefined();
    expect(stripeApiOverride({ FUNCTIONS_EMULATOR: 'true', STRIPE_API_BASE: ' ' })).toBeUndefined();
    expect(
      stripeApiOverride({ FUNCTIONS_EMULATOR: 'true', STRIPE_API_BASE: 'https://stripe.local' }),
    ).toEqual({
      host: 'stripe.local',
      port: 443,
      protocol: 'https',
    });
    expect(() => stripeApiOverride({ FUNCTIONS_EMULATOR: 'true', STRIPE_API_BASE: 'not a url' })).toThrow(
      ConfigError,
    );
  });
});
