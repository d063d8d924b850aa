import {
  classifyDocumentReads,
  deliveredDocumentNames,
  extractJsonValues,
  subtractReads,
} from './firestore-traffic';

const DOCS = 'projects/demo-bargains/databases/(default)/documents';
const deal = (id: string) => `${DOCS}/sources/wired/coupons/${id}`;

/** One WebChannel frame as the Listen stream sends it: the payload length, a newline, the JSON payload. */
const frame = (payload: unknown) => {
  const json = JSON.stringify(payload);
  return `${json.length}\n${json}`;
};

describe('extractJsonValues', () => {
  test('reads every length-prefixed WebChannel frame of a streamed body', () => {
    const body = frame([[0, ['c', 'session', '', 8]]]) + frame([[1, [{ targetChange: { targetIds: [2] } }]]]);
    expect(extractJsonValues(body)).toEqual([
      [[0, ['c', 'session', '', 8]]],
      [[1, [{ targetChange: { targetIds: [2] } }]]],
    ]);
  });

  test('ignores a value that has not fully arrived yet, and brackets inside strings', () => {
    const complete = frame([
      [1, [{ documentChange: { document: { name: deal('a'), fields: { t: { stringValue: '[{"x' } } } } }]],
    ]);
    const partial = '120\n[[2,[{"documentChange":{"document":{"name":"';
    expect(extractJsonValues(complete + partial)).toHaveLength(1);
  });
});

describe('deliveredDocumentNames', () => {
  test('counts documents of Listen documentChange messages, once per delivery', () => {
    const body =
      frame([[3, [{ documentChange: { document: { name: deal('a'), fields: {} }, targetIds: [2] } }]]]) +
      frame([
        [4, [{ documentChange: { document: { name: `${DOCS}/users/u1`, fields: {} }, targetIds: [4] } }]],
      ]) +
      frame([[5, [{ documentChange: { document: { name: deal('a'), fields: {} }, targetIds: [6] } }]]]);
    expect(deliveredDocumentNames(extractJsonValues(body))).toEqual([
      deal('a'),
      `${DOCS}/users/u1`,
      deal('a'),
    ]);
  });

  test('does not count deletes, removals, existence filters or target changes', () => {
    const body = frame([
      [
        6,
        [
          { documentDelete: { document: deal('gone'), removedTargetIds: [2] } },
          { documentRemove: { document: deal('other'), removedTargetIds: [2] } },
          { filter: { targetId: 2, count: 20 } },
          { targetChange: { targetChangeType: 'CURRENT', targetIds: [2] } },
        ],
      ],
    ]);
    expect(deliveredDocumentNames(extractJsonValues(body))).toEqual([]);
  });

  test('counts Lite REST answers: runQuery documents and batchGet hits, not misses', () => {
    const runQuery = JSON.stringify([
      { document: { name: `${DOCS}/blogs/p1`, fields: {} }, readTime: 'x' },
      { document: { name: `${DOCS}/blogs/p2`, fields: {} }, readTime: 'x' },
      { readTime: 'x' },
    ]);
    const batchGet = JSON.stringify([
      { found: { name: `${DOCS}/users/u1`, fields: {} } },
      { missing: `${DOCS}/users/u2` },
    ]);
    expect(deliveredDocumentNames(extractJsonValues(runQuery + batchGet))).toEqual([
      `${DOCS}/blogs/p1`,
      `${DOCS}/blogs/p2`,
      `${DOCS}/users/u1`,
    ]);
  });
});

describe('classifyDocumentReads / subtractReads', () => {
  test('splits deals, user documents and anything else, and subtracts two snapshots', () => {
    const before = classifyDocumentReads([deal('a'), `${DOCS}/users/u1`]);
    const after = classifyDocumentReads([
      deal('a'),
      `${DOCS}/users/u1`,
      deal('b'),
      deal('c'),
      `${DOCS}/blogs/p1`,
    ]);
    expect(after).toEqual({ deals: 3, userDocs: 1, other: 1, total: 5, otherPaths: ['blogs/p1'] });
    expect(subtractReads(after, before)).toEqual({
      deals: 2,
      userDocs: 0,
      other: 1,
      total: 3,
      otherPaths: ['blogs/p1'],
    });
  });

  test('does not take documents of sub-collections under a user or a deal for one of them', () => {
    expect(
      classifyDocumentReads([`${DOCS}/users/u1/private/x`, `${DOCS}/sources/wired/coupons/a/notes/n`]),
    ).toMatchObject({
      deals: 0,
      userDocs: 0,
      other: 2,
    });
  });
});
