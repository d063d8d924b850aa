// A read started before its page renders (route preloading, src/app/routes.tsx) is handed to the page's first
// render instead of being made twice. Each started read is taken at most once; later renders read afresh.
import { reportedWhereAwaited } from '@/lib/reported-where-awaited';

const started = new Map<string, Promise<unknown>>();

export function startFirstRead(key: string, read: () => Promise<unknown>): void {
  if (started.has(key)) return;
  const result = read();
  // The page reports a failure when it takes the result; until then it must not count as unhandled.
  result.catch(reportedWhereAwaited);
  started.set(key, result);
}

export function takeFirstRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const result = started.get(key) as Promise<T> | undefined;
  started.delete(key);
  return result ?? read();
}
