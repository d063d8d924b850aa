// The page builders answer in each network's documented shape: the sources read every page back, and the paging
// fields say where the listing ends.
import { awinSource } from '../../functions/src/collector/networks/awin';
import { cjSource } from '../../functions/src/collector/networks/cj';
import { impactSource } from '../../functions/src/collector/networks/impact';
import { awinOffers, cjLinks, impactAds } from './offers';
import { awinPage, cjPage, impactPage } from './pages';

const anchor = new Date('2026-11-27T00:00:00Z');

test('an Awin page holds its slice of the offers and the total', () => {
  const all = awinOffers(anchor);
  const page = JSON.parse(awinPage(all, 2, 2)) as { data: unknown[]; pagination: object };
  expect(page.data).toEqual(all.slice(2, 4));
  expect(page.pagination).toEqual({ page: 2, pageSize: 2, total: all.length });
  expect(awinSource.offersOfResponse(awinPage(all, 1, 3))).toEqual(all.slice(0, 3));
});

test('an impact.com page links the next page as a path from the API root, and the last page links none', () => {
  const all = impactAds(anchor);
  const first = JSON.parse(impactPage(all, 'IRsid', 1, 4)) as Record<string, unknown>;
  expect(first['@nextpageuri']).toBe('/Mediapartners/IRsid/Ads?Type=COUPON&PageSize=4&Page=2');
  expect(first['@numpages']).toBe('2');
  const last = JSON.parse(impactPage(all, 'IRsid', 2, 4)) as Record<string, unknown>;
  expect(last['@nextpageuri']).toBe('');
  expect(last.Ads).toEqual(all.slice(4));
});

test('a CJ page is XML the source reads back, with escaped text and the total matched', () => {
  const all = cjLinks(anchor);
  const xml = cjPage(all, 1, 2);
  expect(xml).toContain(`total-matched="${all.length}" records-returned="2" page-number="1"`);
  expect(xml).toContain('&amp; friends');
  const links = cjSource.offersOfResponse(xml);
  expect(links.map((link) => link['link-id'])).toEqual(all.slice(0, 2).map((link) => link['link-id']));
  expect(links[0]?.description).toBe(all[0]?.description);
});

test('a page past the end is empty', () => {
  expect(awinSource.offersOfResponse(awinPage(awinOffers(anchor), 9, 3))).toEqual([]);
  expect(impactSource.offersOfResponse(impactPage(impactAds(anchor), 'IRsid', 9, 3))).toEqual([]);
  expect(cjSource.offersOfResponse(cjPage(cjLinks(anchor), 9, 3))).toEqual([]);
});
