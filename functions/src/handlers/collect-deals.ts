// collect_deals: fetches the configured feed and applies it (collector/pipeline.ts). A failed or refused feed is
// logged as an error (the `collect_deals.summary` line) and recorded in collector_runs; the function still
// returns normally, since retrying a broken feed at once would not help and the next schedule tries again.
import * as logger from 'firebase-functions/logger';
import type { ScheduledEvent } from 'firebase-functions/v2/scheduler';
import { db } from '../admin';
import { adapterFor } from '../collector/adapters';
import { openFeedUrl } from '../collector/feed';
import { runCollection, type RunSummary } from '../collector/pipeline';
import { COLLECTOR_FEED_URL, COLLECTOR_SOURCE, collectorFeedApiKey } from '../config';

export async function handle(_event: ScheduledEvent): Promise<RunSummary> {
  const url = COLLECTOR_FEED_URL.value();
  return runCollection({
    db: db(),
    adapter: adapterFor(COLLECTOR_SOURCE.value()),
    openFeed: () => openFeedUrl(url, { apiKey: collectorFeedApiKey() }),
    trigger: 'schedule',
    logger,
  });
}
