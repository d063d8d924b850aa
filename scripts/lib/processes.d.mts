// Types for processes.mjs (plain JavaScript so `npm start` runs without a TypeScript loader).
import type { ChildProcess, SpawnOptions } from 'node:child_process';

export interface ChildRecord {
  name: string;
  child: ChildProcess;
  exited: boolean;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}
export function spawnChild(
  name: string,
  command: string,
  args: string[],
  options?: SpawnOptions,
): ChildRecord;
export function run(name: string, command: string, args: string[], options?: SpawnOptions): Promise<void>;
export function stopAll(options?: { signal?: NodeJS.Signals; graceMs?: number }): Promise<void>;
export function stopAllOnSignals(onStop?: () => void | Promise<void>): void;
