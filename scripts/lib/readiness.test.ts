// The start-up wait's policy: no deadline while services make progress, a named failure once one stalls; and the
// bounded warming of the functions.
import { settleInTurn } from './functions-ready';
import {
  assessService,
  type AwaitedService,
  parseCpuTime,
  type ReadinessPolicy,
  type ServiceObservation,
  type ServiceProgress,
  waitForServices,
} from './readiness';
import { FUNCTIONS_LOAD_TIMEOUT_SECONDS, firebaseEnv } from './stack';

const POLICY: ReadinessPolicy = { stallMs: 60_000, minCpuSeconds: 3 };
const seen = (milestones: number, cpuSeconds: number | null, ready = false): ServiceObservation => ({
  ready,
  milestones,
  cpuSeconds,
  detail: `${milestones} loaded`,
});

describe('assessService', () => {
  const since = { at: 0, milestones: 2, cpuSeconds: 10 };

  it('is ready when the service is, whatever came before', () => {
    expect(assessService(since, seen(2, 10, true), 600_000, POLICY).verdict).toBe('ready');
  });

  it('counts a new milestone or enough CPU work as progress, and carries the new point', () => {
    expect(assessService(since, seen(3, 10), 90_000, POLICY)).toEqual({
      verdict: 'progressing',
      progress: { at: 90_000, milestones: 3, cpuSeconds: 10 },
    });
    expect(assessService(since, seen(2, 13), 90_000, POLICY).progress.at).toBe(90_000);
  });

  it('does not count an idle trickle of CPU as progress, and stalls after the window without any', () => {
    expect(assessService(since, seen(2, 12), 59_000, POLICY)).toEqual({
      verdict: 'progressing',
      progress: since,
    });
    expect(assessService(since, seen(2, 12), 60_000, POLICY)).toEqual({
      verdict: 'stalled',
      progress: since,
    });
  });

  it('adds up slow progress: small CPU steps count once they reach the threshold since the last progress', () => {
    let progress: ServiceProgress = since;
    for (const [at, cpu] of [
      [20_000, 11],
      [40_000, 12],
      [55_000, 13],
    ] as const) {
      const assessed = assessService(progress, seen(2, cpu), at, POLICY);
      progress = assessed.progress;
    }
    expect(progress).toEqual({ at: 55_000, milestones: 2, cpuSeconds: 13 });
  });

  it('without a CPU reading, goes by milestones alone', () => {
    const blind = { at: 0, milestones: 0, cpuSeconds: null };
    expect(assessService(blind, seen(0, null), 59_999, POLICY).verdict).toBe('progressing');
    expect(assessService(blind, seen(0, null), 60_000, POLICY).verdict).toBe('stalled');
  });
});

/** A clock that moves only when the wait pauses, so a "long" wait runs at once. */
function fakeTime() {
  let now = 0;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

async function runWait(services: AwaitedService[], time: ReturnType<typeof fakeTime>, log: string[]) {
  return waitForServices(services, {
    policy: POLICY,
    intervalMs: 0,
    reportEveryMs: 15_000,
    log: (line) => log.push(line),
    now: time.now,
  });
}

describe('waitForServices', () => {
  it('waits as long as it takes while every service makes progress, reporting where each stands', async () => {
    const time = fakeTime();
    const log: string[] = [];
    // 12 functions, one loaded every 50 s (a very slow machine: 10 minutes in all), CPU busy throughout.
    let checks = 0;
    const functions: AwaitedService = {
      name: 'the Functions emulator',
      observe: async () => {
        checks += 1;
        time.advance(5_000);
        const loaded = Math.min(12, Math.floor(time.now() / 50_000));
        return seen(loaded, time.now() / 1000, loaded === 12);
      },
    };
    await runWait([functions], time, log);
    expect(time.now()).toBeGreaterThanOrEqual(600_000);
    expect(checks).toBeGreaterThan(100);
    expect(log.length).toBeGreaterThan(30);
    expect(log[0]).toMatch(/^Still starting after \d+s .*: the Functions emulator: \d+ loaded$/);
  });

  it('gives up on the service that made no progress for the stall window, naming it', async () => {
    const time = fakeTime();
    const hosting: AwaitedService = {
      name: 'the Hosting emulator',
      observe: async () => ({ ...seen(1, 0, true), detail: 'answering 200' }),
    };
    // Loaded 5 functions early, then sat idle: no new function, CPU flat.
    const functions: AwaitedService = {
      name: 'the Functions emulator',
      observe: async () => {
        time.advance(5_000);
        return seen(Math.min(5, Math.floor(time.now() / 5_000)), 40);
      },
    };
    await expect(runWait([hosting, functions], time, [])).rejects.toThrow(
      'the Functions emulator made no progress for 60s (5 loaded); giving up',
    );
    expect(time.now()).toBe(85_000);
  });

  it('passes on the error of a check that cannot go on (e.g. the server exited)', async () => {
    const failing: AwaitedService = {
      name: 'Deal feed',
      observe: async () => {
        throw new Error('Deal feed exited before it answered (exit code 1)');
      },
    };
    await expect(runWait([failing], fakeTime(), [])).rejects.toThrow('exited before it answered');
  });
});

describe('parseCpuTime', () => {
  it("reads ps's cumulative CPU time on Linux and macOS", () => {
    expect(parseCpuTime('00:01:07')).toBe(67);
    expect(parseCpuTime('2-01:00:00')).toBe(2 * 86_400 + 3_600);
    expect(parseCpuTime('1:02.50')).toBe(62.5);
    expect(() => parseCpuTime('soon')).toThrow(RangeError);
  });
});

describe('settleInTurn (warming the functions)', () => {
  it('works on at most `concurrency` items at once and retries each until it settles', async () => {
    let running = 0;
    let most = 0;
    const attempts = new Map<number, number>();
    await settleInTurn(
      Array.from({ length: 12 }, (_, index) => index),
      async (item) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running -= 1;
        attempts.set(item, (attempts.get(item) ?? 0) + 1);
        return (attempts.get(item) ?? 0) >= 2; // Every function "does not exist" once, then loads.
      },
      { concurrency: 3, retryMs: 0, stopped: () => false },
    );
    expect(most).toBe(3);
    expect([...attempts.values()]).toEqual(Array(12).fill(2));
  });

  it('stops retrying once told to', async () => {
    let stopped = false;
    let attempts = 0;
    await settleInTurn(
      ['never-loads'],
      async () => {
        attempts += 1;
        if (attempts === 3) stopped = true;
        return false;
      },
      { concurrency: 3, retryMs: 0, stopped: () => stopped },
    );
    expect(attempts).toBe(3);
  });
});

test("the Functions emulator waits for a function's code longer than its 30 s default (a busy machine)", () => {
  expect(FUNCTIONS_LOAD_TIMEOUT_SECONDS).toBeGreaterThanOrEqual(300);
  const saved = process.env.FUNCTIONS_DISCOVERY_TIMEOUT;
  delete process.env.FUNCTIONS_DISCOVERY_TIMEOUT;
  try {
    expect(firebaseEnv().FUNCTIONS_DISCOVERY_TIMEOUT).toBe(String(FUNCTIONS_LOAD_TIMEOUT_SECONDS));
  } finally {
    if (saved !== undefined) process.env.FUNCTIONS_DISCOVERY_TIMEOUT = saved;
  }
});
