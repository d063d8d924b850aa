// `npm run import-deals -- --file <feed> (--emulator | --project <id>) [--dry-run] [--source wired]
//   [--format ndjson|csv] [--allow-shrink] [--json]`
// The collector pipeline (functions/src/collector/pipeline.ts) on a local feed file, for ops and back-fills:
// same validation, same lease, same run document as the scheduled collect_deals. --dry-run validates and
// reports what would change without writing anything. Exit code: 0 succeeded / dry run, 1 anything else.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { ADAPTER_IDS, adapterFor } from '../functions/src/collector/adapters';
import { FEED_FORMATS, type FeedFormat, openFeedFile } from '../functions/src/collector/feed';
import { runCollection, type CollectorLogger } from '../functions/src/collector/pipeline';
import { renderSummary } from '../functions/src/collector/report';

const USAGE = `Usage: npm run import-deals -- --file <feed.ndjson|feed.csv> (--emulator | --project <id>) [--dry-run]
       [--source ${ADAPTER_IDS.join('|')}] [--format ${FEED_FORMATS.join('|')}] [--allow-shrink] [--json]`;

interface Args {
  file: string;
  projectId: string;
  emulator: boolean;
  dryRun: boolean;
  source: string;
  format?: FeedFormat;
  allowShrink: boolean;
  json: boolean;
}

function parseArgs(argv: string[]): Args {
  const value = (flag: string): string | undefined => {
    const index = argv.indexOf(flag);
    if (index === -1) return undefined;
    const next = argv[index + 1];
    if (next === undefined || next.startsWith('--')) throw new Error(`${flag} needs a value`);
    return next;
  };
  const known = new Set([
    '--file',
    '--emulator',
    '--project',
    '--dry-run',
    '--source',
    '--format',
    '--allow-shrink',
    '--json',
  ]);
  const unknown = argv.filter((arg) => arg.startsWith('--') && !known.has(arg));
  if (unknown.length > 0) throw new Error(`unknown option(s): ${unknown.join(', ')}`);
  const file = value('--file');
  if (!file) throw new Error('--file is required');
  const emulator = argv.includes('--emulator');
  const project = value('--project');
  if (emulator === (project !== undefined))
    throw new Error('give exactly one of --emulator and --project <id>');
  const format = value('--format');
  if (format !== undefined && !FEED_FORMATS.includes(format as FeedFormat))
    throw new Error(`--format must be one of ${FEED_FORMATS.join(', ')}`);
  return {
    file,
    emulator,
    projectId: project ?? process.env.GCLOUD_PROJECT ?? 'demo-bargains',
    dryRun: argv.includes('--dry-run'),
    source: value('--source') ?? 'wired',
    format: format as FeedFormat | undefined,
    allowShrink: argv.includes('--allow-shrink'),
    json: argv.includes('--json'),
  };
}

/** The structured log goes to stderr as JSON lines, so stdout stays the table (or the --json summary). */
const stderrLogger: CollectorLogger = {
  info: (message, data) => console.error(JSON.stringify({ severity: 'INFO', message, ...data })),
  warn: (message, data) => console.error(JSON.stringify({ severity: 'WARNING', message, ...data })),
  error: (message, data) => console.error(JSON.stringify({ severity: 'ERROR', message, ...data })),
};

async function main(): Promise<number> {
  let args: Args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.emulator) {
    process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';
    // Nothing runs on Google Cloud here: without this the auth library probes the metadata server first.
    process.env.METADATA_SERVER_DETECTION ??= 'none';
  } else if (process.env.FIRESTORE_EMULATOR_HOST) {
    console.error('FIRESTORE_EMULATOR_HOST is set: unset it to write to a real project, or use --emulator.');
    return 2;
  }
  const adapter = adapterFor(args.source);
  const app = initializeApp({ projectId: args.projectId }, 'import-deals');
  try {
    const summary = await runCollection({
      db: getFirestore(app),
      adapter,
      openFeed: () => openFeedFile(args.file, { format: args.format }),
      trigger: 'cli',
      logger: args.json ? { info: () => {}, warn: () => {}, error: () => {} } : stderrLogger,
      dryRun: args.dryRun,
      allowShrink: args.allowShrink,
    });
    const peakRssMiB = Math.round(process.resourceUsage().maxRSS / 1024);
    if (args.json) console.log(JSON.stringify({ ...summary, peak_rss_mib: peakRssMiB }));
    else {
      const target = args.emulator
        ? `the emulator (${process.env.FIRESTORE_EMULATOR_HOST})`
        : `project ${args.projectId}`;
      console.log(`\nImport into ${target}${args.dryRun ? ' — dry run, nothing written' : ''}\n`);
      console.log(renderSummary(summary));
      console.log(`\n  peak memory: ${peakRssMiB} MiB`);
    }
    return summary.status === 'succeeded' || summary.status === 'dry-run' ? 0 : 1;
  } finally {
    await deleteApp(app);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`import-deals failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
