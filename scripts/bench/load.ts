// `npm run bench -- --load`: busy processes beside the measurements, so a run shows whether the verdicts hold on a
// loaded machine. Started only where the measurements run (after the emulator lock is held), so the load never
// slows other runs that are still waiting for it.
import { type ChildRecord, spawnChild, stopChild } from '../lib/processes';

/** One core busy until stopped, or until its parent is gone (it checks between spins): never left behind. */
const SPINNER = `const parent = process.ppid;
for (;;) {
  for (let n = 0; n < 5e7; n += 1);
  try { process.kill(parent, 0); } catch { process.exit(0); }
}`;

export const LOAD_PROCESSES = 2;

/** What a loaded run's header adds, in the main table and the Firestore benchmarks' tables alike. */
export const LOADED_HEADER = ` · loaded by ${LOAD_PROCESSES} busy processes`;

/** The `--load` option of the scripts `npm run bench -- --load` passes the flag on to. */
export const LOAD_OPTION = { type: 'boolean', default: false } as const;

/** Starts the busy processes; stopAll (every exit path of the bench scripts) or the returned function stops them. */
export function startLoad(processes = LOAD_PROCESSES): () => Promise<void> {
  const spinners: ChildRecord[] = [];
  for (let n = 1; n <= processes; n += 1)
    spinners.push(spawnChild(`load ${n}`, process.execPath, ['-e', SPINNER], { stdio: 'ignore' }));
  return async () => {
    for (const spinner of spinners) await stopChild(spinner, { signal: 'SIGKILL', graceMs: 1000 });
  };
}
