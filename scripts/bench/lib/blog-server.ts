// The render_blog function's own time per page, from its Server-Timing header: the first request after the
// emulators start (a cold instance: lazy imports, jsdom for a post) and the median of the next ones.
import { median } from './stats';
import { measured, skipped, type Outcome, type ServerTime } from './results';

const WARM_SAMPLES = 5;

async function renderMs(url: string): Promise<number> {
  const response = await fetch(url);
  await response.text();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const timing = /render;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1];
  if (timing === undefined) throw new Error(`GET ${url} has no Server-Timing (not served by render_blog?)`);
  return Number(timing);
}

export async function measureServerTime(url: string): Promise<Outcome<ServerTime>> {
  try {
    const firstMs = await renderMs(url);
    const warmMs: number[] = [];
    for (let i = 0; i < WARM_SAMPLES; i += 1) warmMs.push(await renderMs(url));
    return measured({ firstMs, warmMs, warmMedianMs: median(warmMs) });
  } catch (error) {
    return skipped(error instanceof Error ? error.message : String(error));
  }
}
