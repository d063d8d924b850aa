// Lighthouse (npm `lighthouse`, default config = mobile preset with simulated throttling) driving Debian's
// Chromium through chrome-launcher. Each page runs several times; the run with the median score is reported.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Flags, RunnerResult } from 'lighthouse';
import { measured, skipped, type LighthouseMetrics, type Outcome, type SimulatedRequest } from './results';
import { medianItem } from './stats';
import { CHROMIUM_FLAGS } from '../../../tests/e2e/support/browser';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

type RunMetrics = Omit<LighthouseMetrics, 'runScores' | 'reportFile'>;

interface NodeDetails {
  selector?: string;
  snippet?: string;
  nodeLabel?: string;
}

/** Every DOM node an audit's details mention, in order, with the score of its table row when it has one. */
function auditNodes(details: unknown): Array<{ node: NodeDetails; score?: number }> {
  const found: Array<{ node: NodeDetails; score?: number }> = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    const node = record.node as (NodeDetails & { type?: string }) | undefined;
    if (node && node.type === 'node') {
      found.push({ node, score: typeof record.score === 'number' ? record.score : undefined });
      return;
    }
    Object.values(record).forEach(visit);
  };
  visit(details);
  return found;
}

/** The LCP phases (TTFB, load delay, load time, render delay) from the LCP element audit's phase table. */
function lcpPhases(details: unknown): string | undefined {
  const tables =
    (details as { items?: Array<{ items?: Array<{ phase?: unknown; timing?: unknown }> }> })?.items ?? [];
  for (const table of tables) {
    const phases = (table.items ?? []).filter(
      (row): row is { phase: string; timing: number } =>
        typeof row.phase === 'string' && typeof row.timing === 'number',
    );
    if (phases.length > 0)
      return phases.map((row) => `${row.phase} ${Math.round(row.timing)} ms`).join(' · ');
  }
  return undefined;
}

/** Requests to other hosts than this machine, e.g. scripts the Auth SDK loads under the mobile preset. */
function externalRequests(details: unknown): string[] {
  const items = (details as { items?: Array<{ url?: unknown }> })?.items ?? [];
  const urls = items
    .map((item) => (typeof item.url === 'string' ? item.url : ''))
    .filter((url) => /^https?:\/\//.test(url) && !/^https?:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url))
    .map((url) => url.split('?')[0] ?? url);
  return [...new Set(urls)];
}

/**
 * The requests of the optimistic LCP simulation of the run that just finished (Lighthouse keeps the node timings
 * of each run's last simulations in memory). This is the waterfall the LCP figure comes from: it shows queueing
 * behind the six HTTP/1.1 connections per host and bandwidth shared between downloads, which the observed
 * (unthrottled) request list cannot show.
 */
async function simulatedLcpRequests(): Promise<SimulatedRequest[]> {
  const Lantern = await import('lighthouse/core/lib/lantern/lantern.js');
  const timings = Lantern.Simulation.Simulator.allNodeTimings.get('optimisticLargestContentfulPaint');
  if (!timings) return [];
  const requests: SimulatedRequest[] = [];
  for (const [node, timing] of timings) {
    if (node.type !== 'network') continue;
    requests.push({
      url: node.request.url,
      startMs: timing.startTime,
      endMs: timing.endTime,
      transferBytes: node.request.transferSize,
    });
  }
  return requests.sort((a, b) => a.startMs - b.startMs);
}

const describeNode = (node: NodeDetails) => {
  const snippet = (node.snippet ?? '').replace(/\s+/g, ' ').slice(0, 80);
  return `${node.selector ?? node.nodeLabel ?? 'element'}${snippet ? ` ${snippet}` : ''}`;
};

function metricsOf(result: RunnerResult | undefined): RunMetrics | string {
  if (!result) return 'Lighthouse returned no result';
  const { lhr } = result;
  if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  const score = lhr.categories.performance?.score;
  const numeric = (id: string) => lhr.audits[id]?.numericValue;
  const values = {
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    totalBytes: numeric('total-byte-weight'),
  };
  const missing = Object.entries(values).filter(([, value]) => typeof value !== 'number');
  if (typeof score !== 'number' || missing.length > 0) {
    return `Lighthouse did not compute ${[typeof score !== 'number' ? 'the score' : '', ...missing.map(([key]) => key)].filter(Boolean).join(', ')}`;
  }
  const lcpElement = auditNodes(lhr.audits['largest-contentful-paint-element']?.details)[0]?.node;
  const shifts = auditNodes(lhr.audits['layout-shifts']?.details)
    .sort((a, b) => (b.score ?? 0) - (a.score ?? 0))
    .slice(0, 3)
    .map(({ node, score }) => `${describeNode(node)}${score === undefined ? '' : ` (${score.toFixed(3)})`}`);
  return {
    score: Math.round(score * 100),
    lcpMs: values.lcpMs as number,
    cls: values.cls as number,
    tbtMs: values.tbtMs as number,
    totalBytes: values.totalBytes as number,
    lcpElement: lcpElement ? describeNode(lcpElement) : undefined,
    lcpPhases: lcpPhases(lhr.audits['largest-contentful-paint-element']?.details),
    layoutShifts: shifts,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    externalRequests: externalRequests(lhr.audits['network-requests']?.details),
  };
}

export interface LighthouseTarget {
  route: string;
  url: string;
}

/** A file name for a route's report: `/` → `home`, `/blog/abc` → `blog_abc`. */
const reportName = (route: string) => route.replace(/[^\w]+/g, '_').replace(/^_|_$/g, '') || 'home';

export async function runLighthouse(
  targets: readonly LighthouseTarget[],
  {
    runs = 3,
    chromePath,
    reportDir,
    log = console.log,
  }: { runs?: number; chromePath: string; reportDir: string; log?: (line: string) => void },
): Promise<Map<string, Outcome<LighthouseMetrics>>> {
  const results = new Map<string, Outcome<LighthouseMetrics>>();
  if (targets.length === 0) return results;
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    for (const target of targets) {
      const runMetrics: Array<RunMetrics & { report: string }> = [];
      let failure = '';
      for (let run = 1; run <= runs; run += 1) {
        const flags: Flags = {
          port: chrome.port,
          output: 'html',
          logLevel: 'error',
          onlyCategories: ['performance'],
        };
        const result = await lighthouse(target.url, flags);
        const outcome = metricsOf(result);
        if (typeof outcome === 'string') {
          failure = outcome;
          break;
        }
        runMetrics.push({
          ...outcome,
          lcpRequests: await simulatedLcpRequests(),
          report: typeof result?.report === 'string' ? result.report : '',
        });
        log(
          `  lighthouse ${target.route} run ${run}/${runs}: score ${outcome.score}, LCP ${Math.round(outcome.lcpMs)} ms`,
        );
      }
      if (failure) {
        results.set(target.route, skipped(failure));
        continue;
      }
      const { report, ...chosen } = medianItem(runMetrics, (metrics) => metrics.score);
      // The median run's full report: LCP breakdown, shifting elements, long tasks.
      mkdirSync(reportDir, { recursive: true });
      const reportFile = join(reportDir, `${reportName(target.route)}.html`);
      writeFileSync(reportFile, report);
      results.set(
        target.route,
        measured({ ...chosen, runScores: runMetrics.map((metrics) => metrics.score), reportFile }),
      );
    }
  } finally {
    chrome.kill();
  }
  return results;
}
