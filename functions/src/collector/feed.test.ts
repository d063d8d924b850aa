import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  detectFormat,
  FeedError,
  type FeedFormat,
  MAX_RECORD_CHARS,
  openFeedFile,
  type RawRecord,
  readRecords,
} from './feed';

async function records(format: FeedFormat, text: string): Promise<RawRecord[]> {
  const out: RawRecord[] = [];
  for await (const record of readRecords({ format, stream: Readable.from([Buffer.from(text, 'utf8')]) }))
    out.push(record);
  return out;
}

describe('detectFormat', () => {
  it('reads the Content-Type first, then the extension', () => {
    expect(detectFormat('/feed', 'text/csv; charset=utf-8')).toBe('csv');
    expect(detectFormat('/feed', 'application/x-ndjson')).toBe('ndjson');
    expect(detectFormat('/deals.jsonl?x=1', 'application/octet-stream')).toBe('ndjson');
    expect(detectFormat('deals.CSV')).toBe('csv');
    expect(detectFormat('deals.json')).toBeNull();
  });
});

describe('NDJSON records', () => {
  it('numbers records, skipping blank lines, with a BOM and CRLF line ends', async () => {
    const result = await records('ndjson', '\ufeff{"id":"a"}\r\n\r\n{"id":"b"}\r\n');
    expect(result).toEqual([
      { row: 1, fields: { id: 'a' } },
      { row: 2, fields: { id: 'b' } },
    ]);
  });

  it('reports unreadable lines and goes on', async () => {
    const huge = JSON.stringify({ title: 'x'.repeat(MAX_RECORD_CHARS) });
    const result = await records('ndjson', `{"id":"a"}\nnot json\n[1,2]\n"text"\n${huge}\n{"id":"z"}\n`);
    expect(result).toEqual([
      { row: 1, fields: { id: 'a' } },
      { row: 2, error: 'not valid JSON' },
      { row: 3, error: 'not a JSON object' },
      { row: 4, error: 'not a JSON object' },
      { row: 5, error: 'record is larger than 64 KiB' },
      { row: 6, fields: { id: 'z' } },
    ]);
  });
});

describe('CSV records', () => {
  it('maps cells to the header, with a BOM, CRLF, quoted commas, quotes and line breaks', async () => {
    const csv =
      '\ufeffid,title,code\r\n1,"Save 10%, today",A1\r\n2,"The ""best"" deal",\r\n3,"two\r\nlines",C3\r\n';
    expect(await records('csv', csv)).toEqual([
      { row: 1, fields: { id: '1', title: 'Save 10%, today', code: 'A1' } },
      { row: 2, fields: { id: '2', title: 'The "best" deal', code: '' } },
      { row: 3, fields: { id: '3', title: 'two\r\nlines', code: 'C3' } },
    ]);
  });

  it('skips a row with the wrong number of columns and goes on', async () => {
    const result = await records('csv', 'id,title\n1,a\n2,b,extra\n3\n4,d\n');
    expect(result).toEqual([
      { row: 1, fields: { id: '1', title: 'a' } },
      { row: 2, error: 'has 3 columns, the header has 2' },
      { row: 3, error: 'has 1 columns, the header has 2' },
      { row: 4, fields: { id: '4', title: 'd' } },
    ]);
  });

  it('skips a row over the record cap, like NDJSON, and goes on', async () => {
    const huge = 'x'.repeat(MAX_RECORD_CHARS);
    const result = await records('csv', `id,title\n1,a\n2,"${huge}"\n3,${huge}\n4,d\n`);
    expect(result).toEqual([
      { row: 1, fields: { id: '1', title: 'a' } },
      { row: 2, error: 'record is larger than 64 KiB' },
      { row: 3, error: 'record is larger than 64 KiB' },
      { row: 4, fields: { id: '4', title: 'd' } },
    ]);
  });

  it.each([
    ['an empty file', ''],
    ['a blank header name', 'id,,title\n1,2,3\n'],
    ['a repeated header name', 'id,id\n1,2\n'],
    ['an unterminated quote', 'id,title\n1,"never closed\n'],
  ])('refuses the whole feed for %s', async (_case, csv) => {
    await expect(records('csv', csv)).rejects.toBeInstanceOf(FeedError);
  });
});

describe('openFeedFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'feed-test-'));

  it('refuses a file over the size cap before reading it', async () => {
    const path = join(dir, 'big.ndjson');
    writeFileSync(path, '{"id":"a"}\n'.repeat(100));
    await expect(openFeedFile(path, { maxBytes: 500 })).rejects.toThrow('larger than');
  });

  it('refuses a file without a known extension or a missing file', async () => {
    const path = join(dir, 'deals.txt');
    writeFileSync(path, 'x');
    await expect(openFeedFile(path)).rejects.toThrow('cannot tell the format');
    await expect(openFeedFile(join(dir, 'missing.csv'))).rejects.toThrow('not a readable file');
  });

  it('streams a file that fits', async () => {
    const path = join(dir, 'ok.csv');
    writeFileSync(path, 'id\r\na\r\n');
    const feed = await openFeedFile(path);
    const out: RawRecord[] = [];
    for await (const record of readRecords(feed)) out.push(record);
    expect(out).toEqual([{ row: 1, fields: { id: 'a' } }]);
  });
});
