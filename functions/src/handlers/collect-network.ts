// collect_awin, collect_impact, collect_cj: each collects its affiliate network's offers into the one catalogue
// (collector/pipeline.ts, with the network's own lease, manifest and run records). A network that is not
// connected (blank account id or `none` secret) is logged and left alone; a network that fails (outage, expired
// token, hostile answer) is recorded as a failed run and changes nothing, like a broken feed.
import * as logger from 'firebase-functions/logger';
import { db } from '../admin';
import { networkAdapter, openNetworkFeed, type NetworkId } from '../collector/networks/registry';
import { loadSharedOffers } from '../collector/networks/shared-offers';
import { runCollection, type RunSummary } from '../collector/pipeline';
import { networkAccount } from '../config';

export async function handleNetwork(id: NetworkId): Promise<RunSummary | null> {
  const account = networkAccount(id);
  if (account === null) {
    logger.info('collect_deals.not_connected', {
      source: id,
      detail: `${id} is not connected: set its account id param and API secret (docs/collector.md, "Connecting a network")`,
    });
    return null;
  }
  const now = new Date();
  return runCollection({
    db: db(),
    now,
    sharedOffers: await loadSharedOffers(db(), id, now),
    adapter: networkAdapter(id),
    openFeed: async () => openNetworkFeed(id, account),
    trigger: 'schedule',
    logger,
  });
}
