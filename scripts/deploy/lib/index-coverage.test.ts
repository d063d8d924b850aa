import indexesJson from '../../../firestore.indexes.json';
import {
  collectionGroupOf,
  compositeIndexServes,
  effectiveOrderBy,
  indexCoverage,
  type IndexesFile,
  indexesFileSchema,
} from './index-coverage';
import { nearbyStoresQuerySpec } from '@bargains/model/near-you';
import { COLLECTIONS, DOCUMENT_ID_FIELD } from '@bargains/model/paths';
import {
  activeSubscribersQuerySpec,
  pendingAlertBatchesQuerySpec,
  allAppQuerySpecs,
  newDealsQuerySpec,
  recentDealsQuerySpec,
  blogQuerySpec,
  DEAL_FILTERS,
  DEAL_PAGE_SIZE,
  DEAL_SORTS,
  type DealNarrowing,
  dealQuerySpec,
  dealQuerySpecAmong,
  dealsByIdQuerySpec,
  type QuerySpec,
  savedDealsQuerySpec,
} from '@bargains/model/queries';
import {
  ACTIVITY_KINDS,
  activityCountQuerySpec,
  scoredDealsQuerySpec,
  workedVotesCountQuerySpec,
} from '@bargains/model/popularity';
import { dealVotesQuerySpec } from '@bargains/model/votes';

const NOW = new Date('2025-03-10T12:34:56.789Z');

describe('dealQuerySpec', () => {
  it('every shape pages by 20, orders by every range field and ends with the document id', () => {
    for (const filter of DEAL_FILTERS) {
      for (const sort of DEAL_SORTS) {
        const spec = dealQuerySpec(filter, sort, NOW, { shop: 's', category: 'home', term: 'te' });
        expect(spec.limit).toBe(DEAL_PAGE_SIZE);
        expect(DEAL_PAGE_SIZE).toBe(20);
        const ordered = spec.orderBy.map((clause) => clause.field);
        expect(ordered).toEqual(expect.arrayContaining(['start_date', 'end_date']));
        expect(ordered[ordered.length - 1]).toBe(DOCUMENT_ID_FIELD);
        // Explicit order is already the effective production order: nothing implicit is appended.
        expect(effectiveOrderBy(spec)).toEqual(spec.orderBy);
      }
    }
  });
});

describe('effectiveOrderBy (production normalisation)', () => {
  it('appends unmentioned range fields in field order, then the id, in the last direction', () => {
    const spec: QuerySpec = {
      collection: 'c',
      where: [
        { field: 'start_date', op: '<=', value: 'x' },
        { field: 'end_date', op: '>', value: 'x' },
      ],
      orderBy: [{ field: 'savings_value', direction: 'desc' }],
      limit: 1,
    };
    expect(effectiveOrderBy(spec)).toEqual([
      { field: 'savings_value', direction: 'desc' },
      { field: 'end_date', direction: 'desc' },
      { field: 'start_date', direction: 'desc' },
      { field: '__name__', direction: 'desc' },
    ]);
  });
});

describe('indexCoverage', () => {
  it('serves array-contains only from a CONTAINS field in the equality prefix', () => {
    const search = dealQuerySpec('all', 'newest', NOW, { term: 'head' });
    const fields = [
      { fieldPath: 'search_terms', arrayConfig: 'CONTAINS' as const },
      { fieldPath: 'newest_key', order: 'DESCENDING' as const },
      { fieldPath: 'end_date', order: 'DESCENDING' as const },
      { fieldPath: 'start_date', order: 'DESCENDING' as const },
    ];
    const contains = { collectionGroup: 'coupon_search', queryScope: 'COLLECTION' as const, fields };
    expect(compositeIndexServes(contains, search)).toBe(true);
    const ordered = {
      ...contains,
      fields: [{ fieldPath: 'search_terms', order: 'ASCENDING' as const }, ...fields.slice(1)],
    };
    expect(compositeIndexServes(ordered, search)).toBe(false);
    expect(indexCoverage(search, { indexes: [], fieldOverrides: [] })).toEqual({
      kind: 'missing',
      needed:
        'coupon_search (COLLECTION): search_terms CONTAINS, newest_key DESCENDING, end_date DESCENDING, start_date DESCENDING, __name__ DESCENDING',
    });
  });

  const verifiedSavingsAsc = dealQuerySpec('verified', 'savings_asc', NOW);
  const index = (fields: Array<[string, 'ASCENDING' | 'DESCENDING']>, collectionGroup = 'coupons') => ({
    collectionGroup,
    queryScope: 'COLLECTION' as const,
    fields: fields.map(([fieldPath, order]) => ({ fieldPath, order })),
  });
  const matching = index([
    ['is_verified', 'ASCENDING'],
    ['savings_value', 'ASCENDING'],
    ['end_date', 'ASCENDING'],
    ['start_date', 'ASCENDING'],
  ]);

  it('finds a composite index whose fields are the equalities then the effective order', () => {
    expect(compositeIndexServes(matching, verifiedSavingsAsc)).toBe(true);
    // An explicit trailing __name__ in the same direction is the same index.
    expect(
      compositeIndexServes(
        { ...matching, fields: [...matching.fields, { fieldPath: '__name__', order: 'ASCENDING' }] },
        verifiedSavingsAsc,
      ),
    ).toBe(true);
  });

  it.each([
    [
      'wrong direction',
      index([
        ['is_verified', 'ASCENDING'],
        ['savings_value', 'DESCENDING'],
        ['end_date', 'ASCENDING'],
        ['start_date', 'ASCENDING'],
      ]),
    ],
    [
      'range fields swapped',
      index([
        ['is_verified', 'ASCENDING'],
        ['savings_value', 'ASCENDING'],
        ['start_date', 'ASCENDING'],
        ['end_date', 'ASCENDING'],
      ]),
    ],
    [
      'equality field missing',
      index([
        ['savings_value', 'ASCENDING'],
        ['end_date', 'ASCENDING'],
        ['start_date', 'ASCENDING'],
      ]),
    ],
    [
      'equality field after the order',
      index([
        ['savings_value', 'ASCENDING'],
        ['end_date', 'ASCENDING'],
        ['start_date', 'ASCENDING'],
        ['is_verified', 'ASCENDING'],
      ]),
    ],
    [
      'a range field missing',
      index([
        ['is_verified', 'ASCENDING'],
        ['savings_value', 'ASCENDING'],
        ['end_date', 'ASCENDING'],
      ]),
    ],
    [
      'another collection',
      index(
        [
          ['is_verified', 'ASCENDING'],
          ['savings_value', 'ASCENDING'],
          ['end_date', 'ASCENDING'],
          ['start_date', 'ASCENDING'],
        ],
        'blogs',
      ),
    ],
    [
      'id in the other direction',
      { ...matching, fields: [...matching.fields, { fieldPath: '__name__', order: 'DESCENDING' as const }] },
    ],
  ])('rejects an index with %s', (_case, candidate) => {
    expect(compositeIndexServes(candidate, verifiedSavingsAsc)).toBe(false);
    expect(indexCoverage(verifiedSavingsAsc, { indexes: [candidate], fieldOverrides: [] }).kind).toBe(
      'missing',
    );
  });

  it('reports the index a query is missing', () => {
    expect(indexCoverage(verifiedSavingsAsc, { indexes: [], fieldOverrides: [] })).toEqual({
      kind: 'missing',
      needed:
        'coupons (COLLECTION): is_verified ASCENDING, savings_value ASCENDING, end_date ASCENDING, start_date ASCENDING, __name__ ASCENDING',
    });
  });

  it('serves a one-field order from the automatic single-field index unless it is exempted', () => {
    expect(indexCoverage(blogQuerySpec(), { indexes: [], fieldOverrides: [] })).toEqual({
      kind: 'single-field',
      field: 'publishedAt',
    });
    const exempted: IndexesFile = {
      indexes: [],
      fieldOverrides: [
        {
          collectionGroup: 'blog_summaries',
          fieldPath: 'publishedAt',
          indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION' }],
        },
      ],
    };
    expect(indexCoverage(blogQuerySpec(), exempted).kind).toBe('missing');
  });
});

describe('firestore.indexes.json', () => {
  const file = indexesFileSchema.parse(indexesJson);

  const narrowings: Array<[string, DealNarrowing]> = [];
  for (const shop of [null, 'shop-id'])
    for (const category of [null, 'electronics'] as const)
      for (const term of [null, 'term'])
        narrowings.push([
          [shop && 'shop', category && 'category', term && 'search'].filter(Boolean).join(' + ') ||
            'no narrowing',
          { shop, category, term },
        ]);

  const namedShapes: Array<[string, QuerySpec]> = [
    ...DEAL_FILTERS.flatMap((filter) =>
      DEAL_SORTS.flatMap((sort) =>
        narrowings.map(([name, narrowing]): [string, QuerySpec] => [
          `deals ${filter} × ${sort} × ${name}`,
          dealQuerySpec(filter, sort, NOW, narrowing),
        ]),
      ),
    ),
    ...DEAL_FILTERS.flatMap((filter) =>
      DEAL_SORTS.flatMap((sort) =>
        narrowings.flatMap(([name, narrowing]): Array<[string, QuerySpec]> => [
          ...(narrowing.shop
            ? []
            : [
                [
                  `For you store tier ${filter} × ${sort} × ${name}`,
                  dealQuerySpecAmong(filter, sort, NOW, narrowing, { field: 'shop_id', values: ['shop-id'] }),
                ] as [string, QuerySpec],
              ]),
          ...(narrowing.category
            ? []
            : [
                [
                  `For you category tier ${filter} × ${sort} × ${name}`,
                  dealQuerySpecAmong(filter, sort, NOW, narrowing, { field: 'category', values: ['home'] }),
                ] as [string, QuerySpec],
              ]),
        ]),
      ),
    ),
    ['saved deals by id', dealsByIdQuerySpec(['deal-1'])],
    ['saved list', savedDealsQuerySpec('uid')],
    ['blog list', blogQuerySpec()],
    ['send_digests new deals', newDealsQuerySpec(NOW)],
    ['send_digests category distribution', recentDealsQuerySpec(NOW)],
    ['send_digests active subscribers', activeSubscribersQuerySpec()],
    ['send_digests pending alert batches', pendingAlertBatchesQuerySpec()],
    ['vote_on_deal vote window', dealVotesQuerySpec('deal-1', 'CODE')],
    ['near you stores in a geohash bound', nearbyStoresQuerySpec('c20f', 'c20g')],
    ...ACTIVITY_KINDS.map((kind): [string, QuerySpec] => [
      `popularity ${kind} count`,
      activityCountQuerySpec('deal-1', kind, NOW),
    ]),
    ['popularity worked-vote count', workedVotesCountQuerySpec('deal-1', NOW)],
    ['refresh_popularity scored deals', scoredDealsQuerySpec()],
  ];

  it.each(namedShapes)('has an index serving the %s query', (_name, spec) => {
    expect(indexCoverage(spec, file)).not.toMatchObject({ kind: 'missing' });
  });

  it('expires processed Stripe events with a TTL on expires_at, which no query needs indexed', () => {
    expect(file.fieldOverrides).toContainEqual({
      collectionGroup: 'stripe_events',
      fieldPath: 'expires_at',
      ttl: true,
      // Exempt from single-field indexing: an ever-increasing timestamp index is a write hotspot.
      indexes: [],
    });
    expect(allAppQuerySpecs(NOW).map((spec) => collectionGroupOf(spec.collection))).not.toContain(
      'stripe_events',
    );
  });

  it('indexes search_terms only in the search composites, on the search documents only', () => {
    const withTerms = (group: string) =>
      file.indexes.filter(
        (index) =>
          index.collectionGroup === group && index.fields.some((field) => field.fieldPath === 'search_terms'),
      );
    expect(withTerms('coupons')).toHaveLength(0);
    // With or without is_verified (verified and unverified share one) × each sort × 4 shop/category narrowings.
    expect(withTerms('coupon_search')).toHaveLength(2 * DEAL_SORTS.length * 4);
    // No query filters on search_terms alone: its automatic single-field indexes (250 entries per deal) are off.
    expect(file.fieldOverrides).toContainEqual({
      collectionGroup: 'coupon_search',
      fieldPath: 'search_terms',
      indexes: [],
    });
  });

  it('rejects a malformed TTL flag', () => {
    const malformed = {
      indexes: [],
      fieldOverrides: [
        { collectionGroup: 'stripe_events', fieldPath: 'expires_at', ttl: 'yes', indexes: [] },
      ],
    };
    expect(indexesFileSchema.safeParse(malformed).success).toBe(false);
  });

  it('covers every deal shape, the saved-deal and blog queries, and holds no unused composite index', () => {
    const specs = allAppQuerySpecs(NOW);
    expect(specs).toEqual(namedShapes.map(([, spec]) => spec));
    // Half of the 8 narrowings search: those shapes read the search documents, the rest the listing ones (and
    // the digests' two deal reads and refresh_popularity's). For you adds a store tier for each narrowing without
    // a store and a category tier for each without a category.
    const dealShapes = 3 * DEAL_SORTS.length * 4;
    expect(specs.filter((spec) => spec.collection === COLLECTIONS.deals)).toHaveLength(
      2 * dealShapes + 1 + 2 + 1,
    );
    expect(specs.filter((spec) => spec.collection === COLLECTIONS.dealSearch)).toHaveLength(2 * dealShapes);
    const used = new Set(
      specs.flatMap((spec) => {
        const coverage = indexCoverage(spec, file);
        return coverage.kind === 'composite' ? [coverage.index] : [];
      }),
    );
    expect(used.size).toBe(file.indexes.length);
  });
});

describe('indexes of the popularity activity', () => {
  const file = indexesFileSchema.parse(indexesJson);

  it('lets delete_account find a user’s activity across deals (collection-group single-field index on uid)', () => {
    const uidOverride = file.fieldOverrides.find(
      (override) => override.collectionGroup === 'activity' && override.fieldPath === 'uid',
    );
    expect(uidOverride?.indexes).toContainEqual({ order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' });
    expect(uidOverride?.indexes).toContainEqual({ order: 'ASCENDING', queryScope: 'COLLECTION' });
  });

  it('orders Most popular by the stored score, highest first', () => {
    expect(dealQuerySpec('all', 'popular', NOW).orderBy[0]).toEqual({
      field: 'popularity_score',
      direction: 'desc',
    });
  });
});

describe('indexes of the votes', () => {
  const file = indexesFileSchema.parse(indexesJson);

  it('lets delete_account find a user’s votes across deals (collection-group single-field index on uid)', () => {
    const uidOverride = file.fieldOverrides.find(
      (override) => override.collectionGroup === 'votes' && override.fieldPath === 'uid',
    );
    expect(uidOverride?.indexes).toContainEqual({ order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' });
    // An override replaces the automatic indexes: the collection-scope ones stay listed.
    expect(uidOverride?.indexes).toContainEqual({ order: 'ASCENDING', queryScope: 'COLLECTION' });
  });
});

describe('near you store queries', () => {
  it('are served by the automatic single-field index on geohash (no composite index needed)', () => {
    const file = indexesFileSchema.parse(indexesJson);
    expect(indexCoverage(nearbyStoresQuerySpec('c20f', 'c20g'), file)).toEqual({
      kind: 'single-field',
      field: 'geohash',
    });
  });
});
