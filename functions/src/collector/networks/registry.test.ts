import { join } from 'node:path';
import { networkApiBase } from '../../config';
import { readRecords } from '../feed';
import { openNetworkFeed, openSavedNetworkAnswer } from './registry';

const fixtures = join(__dirname, 'fixtures');

async function count(feed: Awaited<ReturnType<typeof openSavedNetworkAnswer>>): Promise<number> {
  let records = 0;
  for await (const _record of readRecords(feed)) records += 1;
  return records;
}

describe('saved network answers (npm run import-deals -- --source …)', () => {
  it.each([
    ['awin', 'awin-promotions-page.json', 2],
    ['impact', 'impact-ads-page.json', 2],
    ['cj', 'cj-link-search-page.xml', 2],
  ] as const)('reads a saved %s answer', async (network, file, offers) => {
    expect(await count(await openSavedNetworkAnswer(network, join(fixtures, file)))).toBe(offers);
  });

  it('refuses a file of the wrong network and a missing file', async () => {
    await expect(openSavedNetworkAnswer('cj', join(fixtures, 'awin-promotions-page.json'))).rejects.toThrow(
      /malformed XML|without <cj-api>/,
    );
    await expect(openSavedNetworkAnswer('awin', join(fixtures, 'nope.json'))).rejects.toThrow(
      /not a readable file/,
    );
  });
});

describe('network feeds', () => {
  it('name the API in the run document without credentials or the impact.com Account SID', () => {
    const account = { account: 'IRsecretSID', token: 'tok', regionCodes: [] };
    expect(openNetworkFeed('awin', { ...account, account: '123456' }).location).toBe(
      'https://api.awin.com/publisher/123456/promotions',
    );
    expect(openNetworkFeed('impact', account).location).not.toContain('IRsecretSID');
    expect(openNetworkFeed('cj', { ...account, baseUrl: 'http://127.0.0.1:12112/cj?x=1' }).location).toBe(
      'http://127.0.0.1:12112/cj/v2/link-search',
    );
  });
});

describe('networkApiBase', () => {
  it('redirects a network only inside the emulator', () => {
    const env = { AWIN_API_BASE: 'http://127.0.0.1:12112/awin' };
    expect(networkApiBase('awin', { ...env, FUNCTIONS_EMULATOR: 'true' })).toBe(
      'http://127.0.0.1:12112/awin',
    );
    expect(networkApiBase('awin', env)).toBeUndefined();
  });
});
