// Types for stack.mjs, as far as TypeScript callers use it.
import type { SpawnOptions } from 'node:child_process';
import type { ChildRecord } from './processes.mjs';

export function ensureLocalConfig(): void;
export function buildFunctions(): Promise<void>;
export function buildWeb(options?: { mode?: string; outDir?: string }): Promise<void>;
export function startStripeStandin(env?: Record<string, string>): Promise<ChildRecord | null>;
export function prepareDemoData(env?: Record<string, string>): Promise<void>;
export function spawnLockedEmulatorsExec(
  inner: string,
  options?: {
    build?: boolean;
    importData?: boolean;
    extraFirebaseArgs?: string[];
    config?: string;
    spawnOptions?: SpawnOptions;
  },
): ChildRecord;
