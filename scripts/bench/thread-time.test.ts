import { compressToThreadTime, longMainThreadTasks, type TraceEvent } from './thread-time';

const task = (ts: number, dur: number, tdur?: number, fields: Partial<TraceEvent> = {}): TraceEvent => ({
  ph: 'X',
  ts,
  dur,
  ...(tdur === undefined ? {} : { tdur }),
  pid: 1,
  tid: 1,
  name: 'RunTask',
  ...fields,
});

describe('compressToThreadTime', () => {
  it('compresses an interrupted task to its thread time and scales what it holds with it', () => {
    const events: TraceEvent[] = [
      task(1000, 200, 100),
      task(1100, 80, 40, { name: 'EvaluateScript' }),
      { ph: 'B', ts: 1050, pid: 1, tid: 1, name: 'Layout' },
      { ph: 'E', ts: 1200, pid: 1, tid: 1, name: 'Layout' },
      { ph: 'I', ts: 1150, pid: 1, tid: 1, name: 'mark' },
    ];
    expect(compressToThreadTime(events)).toBe(1);
    expect(events.map(({ ts, dur }) => [ts, dur])).toEqual([
      [1000, 100],
      [1050, 40],
      [1025, undefined],
      [1100, undefined],
      [1075, undefined],
    ]);
  });

  it('keeps tasks that ran uninterrupted, events between tasks and other threads as they were', () => {
    const events: TraceEvent[] = [
      task(0, 100, 100),
      { ph: 'I', ts: 150, pid: 1, tid: 1, name: 'between' },
      task(200, 100, 50, { tid: 2 }),
      task(400, 60),
      task(500, 30, 45),
    ];
    const before = structuredClone(events);
    expect(compressToThreadTime(events)).toBe(1);
    expect(events.filter((event) => event.tid === 1)).toEqual(before.filter((event) => event.tid === 1));
    expect(events.find((event) => event.tid === 2)).toMatchObject({ ts: 200, dur: 50 });
  });

  it('gives an end event on a shared boundary to the task that ends there, never to the next', () => {
    const events: TraceEvent[] = [
      task(0, 100, 50),
      { ph: 'B', ts: 10, pid: 1, tid: 1, name: 'Parse' },
      { ph: 'E', ts: 100, pid: 1, tid: 1, name: 'Parse' },
      task(100, 100, 100),
      task(100, 20, 20, { name: 'child' }),
    ];
    compressToThreadTime(events);
    expect(events.map(({ ts }) => ts)).toEqual([0, 5, 50, 100, 100]);
  });

  it('leaves every child inside its parent after the change', () => {
    const events: TraceEvent[] = [task(0, 1000, 300), task(900, 100, 10, { name: 'tail' })];
    compressToThreadTime(events);
    const [parent, child] = events;
    expect((child?.ts ?? 0) + (child?.dur ?? 0)).toBeLessThanOrEqual((parent?.ts ?? 0) + (parent?.dur ?? 0));
  });
});

describe('longMainThreadTasks', () => {
  const threadName = (tid: number, name: string): TraceEvent => ({
    ph: 'M',
    ts: 0,
    pid: 1,
    tid,
    name: 'thread_name',
    args: { name },
  });

  it("counts a renderer main thread's tasks by their thread time, not the time a busy machine stretched them to", () => {
    const events: TraceEvent[] = [
      threadName(1, 'CrRendererMain'),
      task(0, 120_000, 30_000),
      task(200_000, 70_000, 60_000),
      task(210_000, 50_000, 50_000, { name: 'child' }),
      task(400_000, 55_000),
    ];
    expect(longMainThreadTasks(events, 50)).toEqual([
      { ts: 200_000, threadMs: 60 },
      { ts: 400_000, threadMs: 55 },
    ]);
  });

  it('leaves out the tasks of other threads', () => {
    const events: TraceEvent[] = [
      threadName(1, 'CrRendererMain'),
      threadName(2, 'Compositor'),
      task(0, 90_000, 90_000, { tid: 2 }),
      task(0, 90_000, 90_000, { tid: 3 }),
    ];
    expect(longMainThreadTasks(events, 50)).toEqual([]);
  });
});
