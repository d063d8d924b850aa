import { RELOAD_WINDOW_MS, reloadOnceForStaleChunk } from './stale-chunks';

function fakeEnv(start: number) {
  const values = new Map<string, string>();
  let now = start;
  const reload = jest.fn();
  return {
    env: {
      storage: {
        getItem: (key: string) => values.get(key) ?? null,
        setItem: (key: string, value: string) => void values.set(key, value),
      },
      reload,
      now: () => now,
    },
    reload,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('reloadOnceForStaleChunk', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('reloads on the first failure, not on a second one right after the reload', () => {
    const { env, reload, advance } = fakeEnv(1_000_000);
    expect(reloadOnceForStaleChunk(env)).toBe(true);
    advance(2_000);
    expect(reloadOnceForStaleChunk(env)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again for a later deploy, once the window has passed', () => {
    const { env, reload, advance } = fakeEnv(1_000_000);
    reloadOnceForStaleChunk(env);
    advance(RELOAD_WINDOW_MS + 1);
    expect(reloadOnceForStaleChunk(env)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
