// Firestore locations of every stored document. Security rules (firestore.rules) mirror these paths.

/** The only deal source the product reads. */
export const DEAL_SOURCE_ID = 'wired';

export const COLLECTIONS = {
  /** users/{uid}: the subscription state of one signed-in user (owner-readable). */
  users: 'users',
  /** sources/wired/coupons/{id}: deals (readable by subscribers). */
  deals: `sources/${DEAL_SOURCE_ID}/coupons`,
  /**
   * sources/wired/coupon_search/{id}: the same deal plus its `search_terms` (subscriber-readable), read only by
   * keyword searches; the listing pages read `coupons`, which carries no search index (model/deal.ts).
   */
  dealSearch: `sources/${DEAL_SOURCE_ID}/coupon_search`,
  /**
   * sources/wired/deal_stores/{dealId}~{n}: one store of an in-store deal with its geohash (model/near-you.ts),
   * written with the deal; read by the Near you view (subscriber-readable).
   */
  dealStores: `sources/${DEAL_SOURCE_ID}/deal_stores`,
  /** sources/wired/summaries/shops: shops and categories of the live deals with counts (subscriber-readable). */
  dealSummaries: `sources/${DEAL_SOURCE_ID}/summaries`,
  /**
   * sources/wired/coupons/{dealId}/votes/{uid}: a subscriber's "Did this code work?" vote (model/votes.ts); the
   * trigger vote_on_deal summarizes them onto the deal.
   */
  votes: 'votes',
  /**
   * sources/wired/coupons/{dealId}/activity/{kind}_{day}_{uid}: a subscriber's View Deal open or save of the deal
   * on one UTC day, counted into the deal's popularity (model/popularity.ts).
   */
  activity: 'activity',
  /** users/{uid}/saved/{dealId}: the deals a user saved (owner only); users/{uid}/counters/saved counts them. */
  saved: 'saved',
  counters: 'counters',
  /**
   * users/{uid}/reminders/{dealId}: "remind me before it ends" on a saved deal (owner only), sent by send_digests,
   * see model/reminder.ts.
   */
  reminders: 'reminders',
  /** users/{uid}/preferences/alerts: the user's digest and alert preferences (owner only). */
  preferences: 'preferences',
  /** users/{uid}/email_ledger/{id}: what send_digests sent a user (server only), see functions/src/alerts/email-ledger.ts. */
  emailLedger: 'email_ledger',
  /** blogs/{id}: public blog posts. */
  blogs: 'blogs',
  /** blog_summaries/{id}: what the blog list shows of each post (no body), written with the post. */
  blogSummaries: 'blog_summaries',
  /**
   * deleted_users/{uid}: a tombstone delete_account writes before it deletes the user's documents (server only).
   * The rules refuse to recreate the user's documents while it exists (model/server-docs.ts DeletedUserDoc).
   */
  deletedUsers: 'deleted_users',
  /** stripe_events/{eventId}: Stripe events already processed by the webhook (server only). */
  stripeEvents: 'stripe_events',
  /** stripe_customers/{customerId}: Stripe customer → Firebase uid (server only). */
  stripeCustomers: 'stripe_customers',
  /** _meta/{id}: bookkeeping such as the demo-data anchor (server only). */
  meta: '_meta',
  /** collector_runs/{runId}: one document per deal-collection run (server only). */
  collectorRuns: 'collector_runs',
  /** collector_state/{sourceId} (+ manifest/{shard}): the collector's lease and per-source bookkeeping (server only). */
  collectorState: 'collector_state',
  /** alert_batches/{UTC hour}: an hour in which alert-worthy deals were written (server only), functions/src/alerts/alert-batch.ts. */
  alertBatches: 'alert_batches',
  /** email_runs/{runId}: the summary of each send_digests run (server only). */
  emailRuns: 'email_runs',
} as const;

/** Pseudo field path for the document id in query specs (`documentId()` in the web SDK, `FieldPath.documentId()` in Admin). */
export const DOCUMENT_ID_FIELD = '__name__';

export const userDocPath = (uid: string): string => `${COLLECTIONS.users}/${uid}`;
export const deletedUserDocPath = (uid: string): string => `${COLLECTIONS.deletedUsers}/${uid}`;
export const dealDocPath = (dealId: string): string => `${COLLECTIONS.deals}/${dealId}`;
export const dealSearchDocPath = (dealId: string): string => `${COLLECTIONS.dealSearch}/${dealId}`;
export const blogDocPath = (postId: string): string => `${COLLECTIONS.blogs}/${postId}`;
export const blogSummaryDocPath = (postId: string): string => `${COLLECTIONS.blogSummaries}/${postId}`;
export const stripeEventDocPath = (eventId: string): string => `${COLLECTIONS.stripeEvents}/${eventId}`;
export const stripeCustomerDocPath = (customerId: string): string =>
  `${COLLECTIONS.stripeCustomers}/${customerId}`;
export const STORE_SUMMARY_DOC_PATH = `${COLLECTIONS.dealSummaries}/shops`;
export const savedDealsPath = (uid: string): string => `${userDocPath(uid)}/${COLLECTIONS.saved}`;
export const savedDealDocPath = (uid: string, dealId: string): string => `${savedDealsPath(uid)}/${dealId}`;
export const savedCounterDocPath = (uid: string): string =>
  `${userDocPath(uid)}/${COLLECTIONS.counters}/${COLLECTIONS.saved}`;
export const remindersPath = (uid: string): string => `${userDocPath(uid)}/${COLLECTIONS.reminders}`;
export const reminderDocPath = (uid: string, dealId: string): string => `${remindersPath(uid)}/${dealId}`;
export const collectorRunDocPath = (runId: string): string => `${COLLECTIONS.collectorRuns}/${runId}`;
export const collectorStateDocPath = (sourceId: string): string =>
  `${COLLECTIONS.collectorState}/${sourceId}`;
export const EMAIL_PREFERENCES_DOC_ID = 'alerts';
export const LOCATION_DOC_ID = 'location';
/** users/{uid}/preferences/location: the subscriber's coarse location (model/near-you.ts, owner only). */
export const locationDocPath = (uid: string): string =>
  `${userDocPath(uid)}/${COLLECTIONS.preferences}/${LOCATION_DOC_ID}`;
export const emailPreferencesDocPath = (uid: string): string =>
  `${userDocPath(uid)}/${COLLECTIONS.preferences}/${EMAIL_PREFERENCES_DOC_ID}`;
export const emailLedgerDocPath = (uid: string, entryId: string): string =>
  `${userDocPath(uid)}/${COLLECTIONS.emailLedger}/${entryId}`;
/** The deal-distribution cutoffs of "unusually cheap", recomputed at most once a day by send_digests. */
export const alertBatchDocPath = (hour: string): string => `${COLLECTIONS.alertBatches}/${hour}`;
export const emailRunDocPath = (runId: string): string => `${COLLECTIONS.emailRuns}/${runId}`;
export const ALERT_CUTOFFS_DOC_PATH = `${COLLECTIONS.meta}/alert_cutoffs`;
export const DEMO_META_DOC_PATH = `${COLLECTIONS.meta}/demo`;
