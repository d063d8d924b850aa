// Renders one benchmark run as a single Markdown table (readable in a terminal, pasteable into the README),
// followed by the list of broken budgets.
import { relative } from 'node:path';
import { BUDGETS, describeReads, furtherPageOk, isDashboardChunk, LCP_BUDGET_TEXT } from './budgets';
import type { BenchResults, BudgetArea, BudgetCheck, Outcome, StripeCalls } from './results';
import { valueOf } from './results';

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const MAX_REASON = 90;
/** A skipped measurement's reason, shortened for the table (the JSON and the broken-budget list keep it whole). */
const skippedText = (outcome: Outcome<unknown>) => {
  if (!('skipped' in outcome)) return '';
  const reason =
    outcome.skipped.length > MAX_REASON ? `${outcome.skipped.slice(0, MAX_REASON - 1)}…` : outcome.skipped;
  return `— (${reason})`;
};

interface Row {
  area: string;
  subject: string;
  value: string;
  budget: string;
  /** Which budget checks decide the result cell; none leaves it empty (informational row). */
  checks?: { area: BudgetArea; subject: string };
  /** A result decided by the row itself (one page of a budget that covers several). */
  verdict?: boolean;
}

function stripeText(outcome: Outcome<StripeCalls>): string {
  const value = valueOf(outcome);
  if (!value) return skippedText(outcome);
  const endpoints = Object.entries(value.endpoints).map(
    ([endpoint, count]) => `${endpoint}${count > 1 ? ` ×${count}` : ''}`,
  );
  return endpoints.length ? `${value.calls} (${endpoints.join(', ')})` : `${value.calls}`;
}

export function tableRows(results: BenchResults): Row[] {
  const rows: Row[] = [];
  const lighthouseRuns = Math.max(
    0,
    ...results.lighthouse.map((page) => valueOf(page.outcome)?.runScores.length ?? 0),
  );
  for (const page of results.lighthouse) {
    const m = valueOf(page.outcome);
    rows.push({
      area: `Lighthouse (mobile, median of ${lighthouseRuns})`,
      subject: page.route,
      value: m
        ? `score ${m.score} · LCP ${seconds(m.lcpMs)} · CLS ${m.cls.toFixed(3)} · TBT ${Math.round(m.tbtMs)} ms · ${kb(m.totalBytes)}`
        : skippedText(page.outcome),
      budget: `≥ ${BUDGETS.lighthouseMinScore} · ${LCP_BUDGET_TEXT} · CLS ≤ ${BUDGETS.maxCls}`,
      checks: { area: 'lighthouse', subject: page.route },
    });
  }
  for (const route of results.initialJs) {
    const js = valueOf(route.outcome);
    rows.push({
      area: 'Initial JS, gzipped (entry + static imports + preloads)',
      subject: route.route,
      value: js
        ? `${kb(js.initial.gzipBytes)} in ${js.initial.files.length} file(s) · ${kb(js.requestedOnLoad.gzipBytes)} requested on load${js.initial.unknownFiles.length ? ` · NOT IN THE BUILD: ${js.initial.unknownFiles.join(', ')}` : ''}${js.requestedOnLoad.fullFirestore ? ' · FULL FIRESTORE SDK' : ''}${js.requestedOnLoad.dashboardCode ? ' · DASHBOARD CODE' : ''}`
        : skippedText(route.outcome),
      budget: [route.route === '/' ? '≤ 110 KB' : '', route.publicPage ? 'no full Firestore' : '']
        .filter(Boolean)
        .join(' · '),
      checks:
        route.publicPage || route.route === '/' ? { area: 'initial-js', subject: route.route } : undefined,
    });
  }
  const dashboard = valueOf(results.dashboardJs);
  rows.push({
    area: 'JS requested on load, gzipped',
    subject: '/dashboard (subscribed)',
    value: dashboard
      ? `${kb(dashboard.gzipBytes)} in ${dashboard.files.length} file(s)${dashboard.fullFirestore ? ' · full Firestore SDK' : ''}`
      : skippedText(results.dashboardJs),
    budget: '',
  });
  const dashboardChunkBytes = dashboard?.files
    .filter((file) => isDashboardChunk(file.file))
    .reduce((sum, file) => sum + file.gzipBytes, 0);
  rows.push({
    area: 'JS requested on load, gzipped',
    subject: 'DashboardPage chunk',
    value: dashboardChunkBytes !== undefined ? kb(dashboardChunkBytes) : skippedText(results.dashboardJs),
    budget: '≤ 25.1 KB',
    checks: { area: 'dashboard-js', subject: 'DashboardPage chunk' },
  });
  const entry = valueOf(results.entryStaticJs);
  rows.push({
    area: 'Code splitting',
    subject: 'entry + preloads (index.html)',
    value: entry
      ? `${kb(entry.gzipBytes)} in ${entry.files.length} file(s)${entry.dashboardCode ? ' · DASHBOARD CODE' : ''}${entry.fullFirestore ? ' · FULL FIRESTORE SDK' : ''}`
      : skippedText(results.entryStaticJs),
    budget: 'dashboard in a lazy chunk',
    checks: { area: 'code-split', subject: '/dashboard' },
  });
  const leakCheck = { area: 'code-split' as const, subject: 'other routes' };
  const measuredRoutes = results.initialJs.filter((route) => valueOf(route.outcome) !== undefined);
  const leaks = measuredRoutes
    .filter((route) => valueOf(route.outcome)?.requestedOnLoad.dashboardCode)
    .map((route) => route.route);
  rows.push({
    area: 'Code splitting',
    subject: 'other routes',
    value: leaks.length
      ? `dashboard code on ${leaks.join(', ')}`
      : `none on the ${measuredRoutes.length} routes measured`,
    budget: 'no dashboard code',
    checks: leakCheck,
  });
  results.largestChunks.forEach((chunk, index) => {
    rows.push({
      area: 'Largest chunks, gzipped',
      subject: `#${index + 1} ${chunk.file}`,
      value: `${kb(chunk.gzipBytes)} (${kb(chunk.bytes)} raw) · ${chunk.label}`,
      budget: '',
    });
  });
  const cold = valueOf(results.coldImport);
  rows.push({
    area: 'Functions cold import (median of 5)',
    subject: 'functions/lib/index.js',
    value: cold
      ? `${Math.round(cold.medianMs)} ms (runs: ${cold.samplesMs.map((ms) => Math.round(ms)).join(', ')}; load average ${cold.loadAverage.toFixed(1)})`
      : skippedText(results.coldImport),
    budget: `≤ ${BUDGETS.maxColdImportMs} ms`,
    checks: { area: 'cold-import', subject: 'functions/lib/index.js' },
  });
  const renderCold = valueOf(results.renderColdImport);
  rows.push({
    area: 'Functions cold import (median of 5)',
    subject: 'render_blog (index + handler + renderer)',
    value: renderCold
      ? `${Math.round(renderCold.medianMs)} ms (runs: ${renderCold.samplesMs.map((ms) => Math.round(ms)).join(', ')}; load average ${renderCold.loadAverage.toFixed(1)}); jsdom loads on the first post`
      : skippedText(results.renderColdImport),
    budget: `≤ ${BUDGETS.maxRenderColdImportMs} ms`,
    checks: { area: 'cold-import', subject: 'render_blog' },
  });
  for (const page of results.blogServerTime) {
    const time = valueOf(page.outcome);
    rows.push({
      area: 'render_blog server time (Server-Timing)',
      subject: page.route,
      value: time
        ? `first request ${Math.round(time.firstMs)} ms · then median ${Math.round(time.warmMedianMs)} ms (${time.warmMs.map((ms) => Math.round(ms)).join(', ')})`
        : skippedText(page.outcome),
      budget: '',
    });
  }
  const firstCards = valueOf(results.dashboardFirstCards);
  rows.push({
    area: 'Dashboard, mobile throttling',
    subject: 'first deal cards painted (subscribed)',
    value: firstCards
      ? `${seconds(firstCards.medianMs)} (runs: ${firstCards.samplesMs.map((ms) => seconds(ms)).join(', ')})`
      : skippedText(results.dashboardFirstCards),
    budget: `≤ ${seconds(BUDGETS.maxDashboardFirstCardsMs)}`,
    checks: { area: 'dashboard', subject: '/dashboard (subscribed)' },
  });
  let journeyTotal = 0;
  let journeyComplete = results.stripeJourney.length > 0;
  for (const step of results.stripeJourney) {
    const value = valueOf(step.outcome);
    if (value) journeyTotal += value.calls;
    else journeyComplete = false;
    rows.push({
      area: 'Stripe API calls per journey step',
      subject: step.step,
      value: stripeText(step.outcome),
      budget: '',
    });
  }
  rows.push({
    area: 'Stripe API calls per journey step',
    subject: 'journey total',
    value: journeyComplete ? `${journeyTotal}` : `${journeyTotal} (journey incomplete)`,
    budget: '',
  });
  rows.push({
    area: 'Stripe API calls',
    subject: 'get_subscription_status',
    value: stripeText(results.stripeGetSubscriptionStatus),
    budget: '0',
    checks: { area: 'stripe', subject: 'get_subscription_status' },
  });
  rows.push({
    area: 'Stripe API calls',
    subject: 'dashboard visit',
    value: stripeText(results.stripeDashboardVisit),
    budget: '0',
    checks: { area: 'stripe', subject: 'dashboard visit' },
  });
  const first = valueOf(results.dealReads.firstPage);
  rows.push({
    area: 'Firestore documents read',
    subject: 'first dashboard page',
    value: first
      ? `${describeReads(first)} (${first.cards} cards shown)`
      : skippedText(results.dealReads.firstPage),
    budget: '20 deals + 1 user doc + store summary + saved deals',
    checks: { area: 'reads', subject: 'first dashboard page' },
  });
  results.dealReads.furtherPages.forEach((page, index) => {
    rows.push({
      area: 'Firestore documents read',
      subject: `further page ${index + 1}`,
      value: `${describeReads(page)} (${page.cardsAdded} new cards)`,
      budget: '20 deals',
      verdict: furtherPageOk(page, index === results.dealReads.furtherPages.length - 1),
    });
  });
  for (const entry of results.dealReads.interactions ?? []) {
    rows.push({
      area: 'Firestore documents read',
      subject: entry.interaction,
      value: `${describeReads(entry)} (${entry.cards} cards shown)`,
      budget: '≤ 20 deals',
      verdict: entry.deals <= 20 && entry.userDocs === 0 && entry.other === 0,
    });
  }
  if (results.dealReads.interactionNote || !results.dealReads.interactions?.length) {
    rows.push({
      area: 'Firestore documents read',
      subject: 'filter and search changes',
      value: results.dealReads.interactionNote ?? 'not measured',
      budget: '≤ 20 deals each',
      checks: { area: 'reads', subject: 'filter and search changes' },
    });
  }
  const typing = results.dealReads.typing;
  const typed = valueOf(typing);
  rows.push({
    area: 'Responsiveness',
    subject: 'typing in the search box',
    value: typed
      ? `${typed.keystrokes} keystrokes: ${typed.longTasks} long task(s), longest ${typed.longestTaskMs} ms`
      : typing
        ? skippedText(typing)
        : 'not measured',
    budget: 'no long task > 50 ms',
    checks: { area: 'responsiveness', subject: 'search box' },
  });
  if (results.dealReads.furtherPages.length === 0 || results.dealReads.furtherNote) {
    rows.push({
      area: 'Firestore documents read',
      subject: 'further pages',
      value: results.dealReads.furtherNote ?? 'none loaded',
      budget: '',
      checks:
        results.dealReads.furtherPages.length === 0 ? { area: 'reads', subject: 'further pages' } : undefined,
    });
  }
  return rows;
}

function resultCell(row: Row, checks: readonly BudgetCheck[]): string {
  if (row.verdict !== undefined) return row.verdict ? '✔' : '✖';
  if (!row.checks) return '';
  const { area, subject } = row.checks;
  const relevant = checks.filter((check) => check.area === area && check.subject === subject);
  if (relevant.length === 0) return '';
  const broken = relevant.filter((check) => !check.ok);
  return broken.length === 0 ? '✔' : '✖';
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|');

export function renderTable(results: BenchResults, checks: readonly BudgetCheck[]): string {
  const header = ['Area', 'Subject', 'Measured', 'Budget', 'OK'];
  const body = tableRows(results).map((row) =>
    [row.area, row.subject, row.value, row.budget, resultCell(row, checks)].map(escapeCell),
  );
  // Repeat the area only when it changes, so groups read as sections.
  let previousArea = '';
  for (const cells of body) {
    const area = cells[0] ?? '';
    if (area === previousArea) cells[0] = '';
    else previousArea = area;
  }
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => (cells[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join('\n');
}

export function renderBrokenBudgets(checks: readonly BudgetCheck[]): string {
  const broken = checks.filter((check) => !check.ok);
  if (broken.length === 0) return `All ${checks.length} budget checks met.`;
  return [
    `${broken.length} of ${checks.length} budget checks broken:`,
    ...broken.map((check) => `  ✖ ${check.budget} — ${check.subject}: ${check.detail}`),
  ].join('\n');
}

/** Where to look next: each page's LCP element, the elements that shifted, its report, and what `/` loads. */
export function renderDiagnostics(results: BenchResults, repoRoot: string): string {
  const lines: string[] = [];
  for (const page of results.lighthouse) {
    const metrics = valueOf(page.outcome);
    if (!metrics) continue;
    const cpu = metrics.benchmarkIndex ? ` (CPU benchmark index ${Math.round(metrics.benchmarkIndex)})` : '';
    lines.push(`  ${page.route}: scores of the runs ${metrics.runScores.join(', ')}${cpu}`);
    lines.push(`    LCP element: ${metrics.lcpElement ?? 'unknown'}`);
    if (metrics.lcpPhases) lines.push(`    LCP phases: ${metrics.lcpPhases}`);
    if (metrics.lcpMs > BUDGETS.maxLcpMs && metrics.lcpRequests?.length) {
      lines.push(`    simulated requests before LCP (mobile preset, optimistic estimate):`);
      // The page's own origin (the Hosting emulator) is left out; other hosts, e.g. Firestore's, stay.
      const pageOrigin = new URL(metrics.lcpRequests[0]?.url ?? 'http://unknown').origin;
      for (const request of metrics.lcpRequests) {
        const url = new URL(request.url);
        const where = `${url.origin === pageOrigin ? '' : url.origin}${url.pathname}`;
        const when = `${String(Math.round(request.startMs)).padStart(5)}–${String(Math.round(request.endMs)).padEnd(5)}`;
        lines.push(`      ${when} ms ${kb(request.transferBytes).padStart(8)}  ${where}`);
      }
    }
    if (metrics.layoutShifts.length > 0) lines.push(`    shifted: ${metrics.layoutShifts.join('; ')}`);
    if (metrics.externalRequests?.length)
      lines.push(`    other sites: ${metrics.externalRequests.join(', ')}`);
    if (metrics.reportFile) lines.push(`    report: ${relative(repoRoot, metrics.reportFile)}`);
  }
  const home = valueOf(results.initialJs.find((route) => route.route === '/')?.outcome ?? { skipped: '' });
  if (home) {
    const initial = new Set(home.initial.files.map((file) => file.file));
    lines.push(`  JS requested by / on load (gzipped; * = initial JS: entry, static imports, preloads):`);
    for (const file of home.requestedOnLoad.files)
      lines.push(
        `    ${initial.has(file.file) ? '*' : ' '}${kb(file.gzipBytes).padStart(9)}  ${file.file}  ${file.label}`,
      );
    const requested = new Set(home.requestedOnLoad.files.map((file) => file.file));
    for (const file of home.initial.files.filter((file) => !requested.has(file.file)))
      lines.push(`    *${kb(file.gzipBytes).padStart(9)}  ${file.file}  ${file.label} (not requested)`);
  }
  return lines.length ? `Diagnostics:\n${lines.join('\n')}` : '';
}
