import { callFunction } from './api-client';
import { endDashboardSession, keepDashboardSession, noteDashboardSession } from './dashboard-session';

jest.mock('./api-client', () => ({ callFunction: jest.fn() }));
const mockCall = jest.mocked(callFunction);

const DAY = 24 * 3600_000;
const NOW = Date.UTC(2025, 0, 6);
const note = () => JSON.parse(localStorage.getItem('bargains.dashboardSession') ?? 'null') as unknown;

beforeEach(() => {
  localStorage.clear();
  mockCall.mockReset().mockResolvedValue({ expiresAt: NOW + 14 * DAY });
});

describe('keepDashboardSession', () => {
  it('asks for a session when this device holds none, and notes whose it is and until when', async () => {
    await keepDashboardSession('user-1', NOW);
    expect(mockCall).toHaveBeenCalledWith('/dashboard_session', expect.objectContaining({ method: 'POST' }));
    expect(note()).toEqual({ uid: 'user-1', expiresAt: NOW + 14 * DAY });
  });

  it('asks no more while the session has over a week left, and renews it in its last week', async () => {
    noteDashboardSession({ uid: 'user-1', expiresAt: NOW + 8 * DAY });
    await keepDashboardSession('user-1', NOW);
    expect(mockCall).not.toHaveBeenCalled();
    noteDashboardSession({ uid: 'user-1', expiresAt: NOW + 6 * DAY });
    await keepDashboardSession('user-1', NOW);
    expect(mockCall).toHaveBeenCalledTimes(1);
  });

  it("replaces another user's session", async () => {
    noteDashboardSession({ uid: 'user-0', expiresAt: NOW + 13 * DAY });
    await keepDashboardSession('user-1', NOW);
    expect(mockCall).toHaveBeenCalledTimes(1);
    expect(note()).toEqual({ uid: 'user-1', expiresAt: NOW + 14 * DAY });
  });

  it('asks again after the server said the cookie did not arrive (note cleared), and checks the answer', async () => {
    noteDashboardSession({ uid: 'user-1', expiresAt: NOW + 13 * DAY });
    noteDashboardSession(null);
    await keepDashboardSession('user-1', NOW);
    expect(mockCall).toHaveBeenCalledTimes(1);
    const parse: unknown = Reflect.get(mockCall.mock.calls[0]?.[1] ?? {}, 'parse');
    if (typeof parse !== 'function') throw new Error('keepDashboardSession passed no parser');
    expect(() => parse({ expiresAt: 'soon' })).toThrow();
    expect(parse({ expiresAt: 5 })).toEqual({ expiresAt: 5 });
  });
});

describe('endDashboardSession', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('clears the cookie on the server and the note here', async () => {
    noteDashboardSession({ uid: 'user-1', expiresAt: NOW + 13 * DAY });
    const fetchMock = jest.fn().mockResolvedValue({ ok: true, status: 200 });
    Object.assign(globalThis, { fetch: fetchMock });
    await endDashboardSession();
    expect(fetchMock).toHaveBeenCalledWith(
      '/dashboard_session',
      expect.objectContaining({ method: 'DELETE' }),
    );
    expect(note()).toBeNull();
  });

  it('lets sign-out go on when the server cannot be reached or fails, and says so', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const fetchMock of [
      jest.fn().mockRejectedValue(new TypeError('Failed to fetch')),
      jest.fn().mockResolvedValue({ ok: false, status: 500 }),
    ]) {
      warn.mockClear();
      Object.assign(globalThis, { fetch: fetchMock });
      await expect(endDashboardSession()).resolves.toBeUndefined();
      expect(warn).toHaveBeenCalledWith(
        'dashboard_session.end_failed: the session cookie could not be cleared',
        expect.anything(),
      );
    }
    warn.mockRestore();
  });
});
