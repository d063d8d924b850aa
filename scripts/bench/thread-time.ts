// Lighthouse's simulated throttling multiplies each main-thread task's duration as the trace recorded it: wall time.
// On 2 cores shared with the emulators, Lighthouse's own Node process and (under --load) two busy processes, a
// task's wall time also holds the slices the scheduler gave those processes, so a page's Total Blocking Time moved
// with the machine's load (0–90 ms quiet, 1–2.5 s loaded for the same build; a page without scripts: up to 1 s).
// Chrome records each task's thread time too (`tdur`: the time the thread actually ran). Compressing every task to
// it leaves the page's own work, which the simulation then slows down 4× as before.

/** The fields of a Chrome trace event this transform reads and writes. */
export interface TraceEvent {
  ph: string;
  ts: number;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  [field: string]: unknown;
}

interface TopLevelTask {
  start: number;
  end: number;
  /** Thread time ÷ wall time, at most 1. */
  ratio: number;
}

const isComplete = (event: TraceEvent): event is TraceEvent & { dur: number } =>
  event.ph === 'X' && typeof event.dur === 'number' && event.dur >= 0;

/**
 * The tasks no other complete event on their thread contains, in order, each with its thread-time ratio. A task
 * without `tdur` (or with a longer `tdur` than `dur`: clocks of different resolution) keeps ratio 1.
 */
function topLevelTasks(events: readonly TraceEvent[]): Map<string, TopLevelTask[]> {
  const byThread = new Map<string, Array<TraceEvent & { dur: number }>>();
  for (const event of events) {
    if (!isComplete(event)) continue;
    const key = `${event.pid}:${event.tid}`;
    const list = byThread.get(key) ?? [];
    list.push(event);
    byThread.set(key, list);
  }
  const tasks = new Map<string, TopLevelTask[]>();
  for (const [key, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const top: TopLevelTask[] = [];
    for (const event of list) {
      const last = top.at(-1);
      if (last && event.ts < last.end) continue;
      const ratio =
        typeof event.tdur === 'number' && event.dur > 0
          ? Math.min(1, Math.max(0, event.tdur / event.dur))
          : 1;
      top.push({ start: event.ts, end: event.ts + event.dur, ratio });
    }
    tasks.set(key, top);
  }
  return tasks;
}

/**
 * The top-level task of `tasks` (sorted, disjoint) that holds an event at `ts`: the last one starting at or before
 * it, if it has not ended. Where one task ends as the next begins, an end event ('E') belongs to the earlier one.
 */
function taskAt(tasks: readonly TopLevelTask[], event: TraceEvent): TopLevelTask | undefined {
  let low = 0;
  let high = tasks.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((tasks[middle]?.start ?? Infinity) <= event.ts) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  const task = tasks[found];
  if (!task) return undefined;
  const previous = tasks[found - 1];
  if (event.ph === 'E' && event.ts === task.start && previous?.end === event.ts) return previous;
  return event.ts <= task.end ? task : undefined;
}

/**
 * The trace with every top-level task compressed to its thread time: each event inside a task keeps its place
 * relative to the task's start, scaled by the task's thread-time ratio, so nesting stays intact and a task that
 * was never interrupted is unchanged. Events between tasks keep their times. Returns the number of tasks changed.
 */
export function compressToThreadTime(events: TraceEvent[]): number {
  const tasks = topLevelTasks(events);
  for (const event of events) {
    const task = taskAt(tasks.get(`${event.pid}:${event.tid}`) ?? [], event);
    if (!task || task.ratio === 1) continue;
    event.ts = task.start + (event.ts - task.start) * task.ratio;
    if (isComplete(event)) event.dur *= task.ratio;
  }
  let changed = 0;
  for (const list of tasks.values()) changed += list.filter((task) => task.ratio < 1).length;
  return changed;
}

/** A renderer main-thread task: when it started (trace µs) and the time its thread ran, in ms. */
export interface ThreadTimeTask {
  ts: number;
  threadMs: number;
}

/**
 * The renderers' main-thread tasks (threads named CrRendererMain) whose thread time exceeds `thresholdMs`: the
 * page's own long tasks, whatever else the machine's cores were running meanwhile.
 */
export function longMainThreadTasks(events: readonly TraceEvent[], thresholdMs: number): ThreadTimeTask[] {
  const mainThreads = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name')
      .filter((event) => (event.args as { name?: unknown } | undefined)?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const long: ThreadTimeTask[] = [];
  for (const [thread, tasks] of topLevelTasks(events)) {
    if (!mainThreads.has(thread)) continue;
    for (const task of tasks) {
      const threadMs = ((task.end - task.start) * task.ratio) / 1000;
      if (threadMs > thresholdMs) long.push({ ts: task.start, threadMs });
    }
  }
  return long.sort((a, b) => a.ts - b.ts);
}
