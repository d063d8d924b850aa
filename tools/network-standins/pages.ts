// One page of each network's offers API, in its documented shape: the local stand-ins (routes.ts) and the
// collector benchmark's network server (scripts/bench/network-catalogue.ts) both answer with these.
import type { CjLink } from './offers';

export type Offer = Record<string, unknown>;

/** Page `page` (1-based) of `pageSize` items of `all`. */
const slice = <T>(all: readonly T[], page: number, pageSize: number): T[] =>
  all.slice((page - 1) * pageSize, page * pageSize);

/** Awin Offers API: `data` and `pagination {page, pageSize, total}`. */
export function awinPage(all: readonly Offer[], page: number, pageSize: number): string {
  return JSON.stringify({
    data: slice(all, page, pageSize),
    pagination: { page, pageSize, total: all.length },
  });
}

/** impact.com Ads: the `@`-prefixed paging fields (next/previous links as paths from the API's root) and `Ads`. */
export function impactPage(
  all: readonly Offer[],
  accountSid: string,
  page: number,
  pageSize: number,
): string {
  const pages = Math.max(1, Math.ceil(all.length / pageSize));
  const uri = (n: number) => `/Mediapartners/${accountSid}/Ads?Type=COUPON&PageSize=${pageSize}&Page=${n}`;
  return JSON.stringify({
    '@page': String(page),
    '@numpages': String(pages),
    '@pagesize': String(pageSize),
    '@total': String(all.length),
    '@uri': uri(page),
    '@firstpageuri': uri(1),
    '@previouspageuri': page > 1 ? uri(page - 1) : '',
    '@nextpageuri': page < pages ? uri(page + 1) : '',
    '@lastpageuri': uri(pages),
    Ads: slice(all, page, pageSize),
  });
}

const xmlText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** CJ Link Search: `<cj-api><links total-matched records-returned page-number><link>…</link></links></cj-api>`. */
export function cjPage(all: readonly CjLink[], page: number, perPage: number): string {
  const links = slice(all, page, perPage);
  const items = links
    .map(
      (link) =>
        `    <link>\n${Object.entries(link)
          .map(([name, value]) => `      <${name}>${xmlText(value)}</${name}>`)
          .join('\n')}\n    </link>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<cj-api>\n  <links total-matched="${all.length}" records-returned="${links.length}" page-number="${page}">\n${items}\n  </links>\n</cj-api>\n`;
}
