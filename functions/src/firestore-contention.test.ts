import {
  CONTENTION_RETRY,
  ContentionError,
  contentionDelayMs,
  isContention,
  retryContention,
} from './firestore-contention';

const aborted = () => Object.assign(new Error('10 ABORTED: Transaction lock timeout'), { code: 10 });

describe('retryContention', () => {
  it('retries ABORTED with jittered, growing, capped waits and returns the first success', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await retryContention(
      async () => {
        calls += 1;
        if (calls < 4) throw aborted();
        return 'committed';
      },
      { sleep: async (ms) => void waits.push(ms), random: () => 0.5 },
    );
    expect(result).toBe('committed');
    expect(calls).toBe(4);
    expect(waits).toEqual([50, 100, 200]);
    // Full jitter: anywhere from 0 up to the bound, which stops growing at maxDelayMs.
    expect(contentionDelayMs(0, CONTENTION_RETRY, () => 0)).toBe(0);
    expect(contentionDelayMs(20, CONTENTION_RETRY, () => 0.999)).toBe(CONTENTION_RETRY.maxDelayMs - 2);
  });

  it('gives up after the bound with ContentionError, which is contention too', async () => {
    let calls = 0;
    const failing = retryContention(
      async () => {
        calls += 1;
        throw aborted();
      },
      { sleep: async () => undefined },
    );
    await expect(failing).rejects.toBeInstanceOf(ContentionError);
    expect(calls).toBe(CONTENTION_RETRY.attempts);
    expect(isContention(await failing.catch((error: unknown) => error))).toBe(true);
  });

  it('passes any other failure through at once', async () => {
    let calls = 0;
    const denied = Object.assign(new Error('7 PERMISSION_DENIED'), { code: 7 });
    await expect(
      retryContention(
        async () => {
          calls += 1;
          throw denied;
        },
        { sleep: async () => undefined },
      ),
    ).rejects.toBe(denied);
    expect(calls).toBe(1);
    expect(isContention(denied)).toBe(false);
    expect(isContention(null)).toBe(false);
  });
});
