import { NetworkClient, NetworkError, redactedLocation, retryAfterMs } from './http';

/** A fake clock: sleep advances it at once, so retries and rate limits cost no real time. */
function fakeClock() {
  let now = 1_000_000;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    sleeps,
  };
}

type Answer = { status: number; body?: string; headers?: Record<string, string> } | Error;

function scriptedFetch(answers: Answer[]) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetchFn = (async (url: string | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const answer = answers.shift() ?? { status: 200, body: '{}' };
    if (answer instanceof Error) throw answer;
    return new Response(answer.body ?? '', { status: answer.status, headers: answer.headers });
  }) as typeof fetch;
  return { fetchFn, calls };
}

function client(answers: Answer[], extra: Partial<ConstructorParameters<typeof NetworkClient>[0]> = {}) {
  const clock = fakeClock();
  const { fetchFn, calls } = scriptedFetch(answers);
  const http = new NetworkClient({
    network: 'testnet',
    callsPerMinute: 20,
    fetch: fetchFn,
    sleep: clock.sleep,
    now: clock.now,
    ...extra,
  });
  return { http, clock, calls };
}

const request = {
  url: 'https://api.example/v1/offers?token=SECRET-123',
  headers: { Authorization: 'Bearer SECRET-123' },
};

describe('NetworkClient', () => {
  it('spaces calls by the rate limit (20 a minute = 3 s apart)', async () => {
    const { http, clock } = client([
      { status: 200, body: 'a' },
      { status: 200, body: 'b' },
      { status: 200, body: 'c' },
    ]);
    for (let i = 0; i < 3; i += 1) await http.request(request);
    expect(clock.sleeps).toEqual([3000, 3000]);
  });

  it('retries 429 and 5xx with exponential backoff and returns the first 2xx', async () => {
    const { http, clock, calls } = client(
      [{ status: 500 }, { status: 503 }, { status: 429 }, { status: 200, body: 'ok' }],
      {
        callsPerMinute: 6000,
      },
    );
    const answer = await http.request(request);
    expect(answer.text).toBe('ok');
    expect(calls).toHaveLength(4);
    // backoff 1 s, 2 s, 4 s (the 10 ms rate spacing is already covered by the backoff)
    expect(clock.sleeps).toEqual([1000, 2000, 4000]);
  });

  it('honours Retry-After in seconds and as an HTTP date', async () => {
    const { http, clock } = client(
      [
        { status: 429, headers: { 'Retry-After': '30' } },
        { status: 503, headers: { 'Retry-After': new Date(1_000_000 + 31_000 + 45_000).toUTCString() } },
        { status: 200, body: 'ok' },
      ],
      { callsPerMinute: 6000 },
    );
    await http.request(request);
    expect(clock.sleeps[0]).toBe(30_000);
    // The date is 76 s after the start; the second answer came 30 s in.
    expect(clock.sleeps[1]).toBeGreaterThanOrEqual(45_000);
    expect(clock.sleeps[1]).toBeLessThanOrEqual(46_000);
  });

  it('gives up after maxAttempts in a 429 storm, with a clear message and no credentials', async () => {
    const storm = Array.from({ length: 50 }, () => ({ status: 429 }));
    const { http, calls } = client(storm, { maxAttempts: 4 });
    const failure = http.request(request);
    await expect(failure).rejects.toThrow(NetworkError);
    await expect(failure).rejects.toThrow(
      /testnet \(GET https:\/\/api\.example\/v1\/offers\) answered HTTP 429 after 4 attempts/,
    );
    await expect(failure).rejects.not.toThrow(/SECRET/);
    expect(calls).toHaveLength(4);
  });

  it('fails at once when Retry-After asks for longer than it waits', async () => {
    const { http, calls } = client([{ status: 429, headers: { 'Retry-After': '86400' } }]);
    await expect(http.request(request)).rejects.toThrow(/asked to wait 86400 s/);
    expect(calls).toHaveLength(1);
  });

  it('never retries 401/403: an expired token fails the run with a clear message', async () => {
    const { http, calls } = client([{ status: 401, body: '{"Message":"token expired"}' }, { status: 200 }]);
    await expect(http.request(request)).rejects.toThrow(/refused the credentials \(HTTP 401\).*expired/);
    expect(calls).toHaveLength(1);
  });

  it('retries network errors, then reports them', async () => {
    const { http } = client(
      [new TypeError('fetch failed'), new TypeError('fetch failed'), new TypeError('fetch failed')],
      {
        maxAttempts: 3,
      },
    );
    await expect(http.request(request)).rejects.toThrow(
      /could not be reached: fetch failed after 3 attempts/,
    );
  });

  it('refuses an answer larger than the cap', async () => {
    const { http } = client([{ status: 200, body: 'x'.repeat(2000) }], { maxResponseBytes: 1000 });
    await expect(http.request(request)).rejects.toThrow(/more than 1000 bytes/);
  });

  it('fails other 4xx answers without retrying', async () => {
    const { http, calls } = client([{ status: 400, body: 'bad' }]);
    await expect(http.request(request)).rejects.toThrow(/answered HTTP 400/);
    expect(calls).toHaveLength(1);
  });
});

describe('helpers', () => {
  it('redacts query strings from locations', () => {
    expect(redactedLocation('https://api.example/x?token=abc')).toBe('https://api.example/x');
  });
  it('reads Retry-After', () => {
    expect(retryAfterMs('5', 0)).toBe(5000);
    expect(retryAfterMs(null, 0)).toBeNull();
    expect(retryAfterMs('soon', 0)).toBeNull();
  });
});
