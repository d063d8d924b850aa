// `npm run import-deals -- --file <feed> (--emulator | --project <id>) [--dry-run] [--source wired]
//   [--format ndjson|csv] [--allow-shrink] [--json]`
// The collector pipeline (functions/src/collector/pipeline.ts) on a local feed file, for ops and back-fills:
// same validation, same lease, same run document as the scheduled collect_deals. --dry-run validates and
// reports what would change without writing anything. With --source awin|impact|cj the file is a saved answer of
// that network's API (one page's body: JSON for Awin and impact.com, XML for CJ), for back-fills.
// Exit code: 0 succeeded / dry run, 1 anything else.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { ADAPTER_IDS, adapterFor } from '../functions/src/collector/adapters';
import { FEED_FORMATS, type FeedFormat, openFeedFile } from '../functions/src/collector/feed';
import { isNetworkId, openSavedNetworkAnswer } from '../functions/src/collector/networks/registry';
import { loadSharedOffers } from '../functions/src/collector/networks/shared-offers';
import { runCollection, type CollectorLogger } from '../functions/src/collector/pipeline';
import { renderSummary } from '../functions/src/collector/report';
import { exitWithUsage, parseCommandLine, runMain } from './lib/cli';

const USAGE = `Usage: npm run import-deals -- --file <feed.ndjson|feed.csv|saved-answer> (--emulator | --project <id>) [--dry-run]
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

function parseImportArgs(): Args {
  const { values } = parseCommandLine(USAGE, {
    options: {
      file: { type: 'string' },
      emulator: { type: 'boolean', default: false },
      project: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      source: { type: 'string', default: 'wired' },
      format: { type: 'string' },
      'allow-shrink': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  if (!values.file) exitWithUsage(USAGE, '--file is required');
  if (values.emulator === (values.project !== undefined))
    exitWithUsage(USAGE, 'give exactly one of --emulator and --project <id>');
  const format = values.format;
  if (format !== undefined && !FEED_FORMATS.includes(format as FeedFormat))
    exitWithUsage(USAGE, `--format must be one of ${FEED_FORMATS.join(', ')}`);
  return {
    file: values.file,
    emulator: values.emulator,
    projectId: values.project ?? process.env.GCLOUD_PROJECT ?? 'demo-bargains',
    dryRun: values['dry-run'],
    source: values.source,
    format: format as FeedFormat | undefined,
    allowShrink: values['allow-shrink'],
    json: values.json,
  };
}

/** The structured log goes to stderr as JSON lines, so stdout stays the table (or the --json summary). */
const stderrLogger: CollectorLogger = {
  info: (message, data) => console.error(JSON.stringify({ severity: 'INFO', message, ...data })),
  warn: (message, data) => console.error(JSON.stringify({ severity: 'WARNING', message, ...data })),
  error: (message, data) => console.error(JSON.stringify({ severity: 'ERROR', message, ...data })),
};

async function main(): Promise<number> {
  const args = parseImportArgs();
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
    const db = getFirestore(app);
    const now = new Date();
    const summary = await runCollection({
      db,
      now,
      sharedOffers: isNetworkId(args.source) ? await loadSharedOffers(db, args.source, now) : undefined,
      adapter,
      openFeed: () =>
        isNetworkId(args.source)
          ? openSavedNetworkAnswer(args.source, args.file)
          : openFeedFile(args.file, { format: args.format }),
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

runMain('import-deals', main);
