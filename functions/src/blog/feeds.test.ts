import { JSDOM } from 'jsdom';
import type { BlogSummary } from '@bargains/model/blog';
import { PUBLIC_PAGES, robotsTxt, rssXml, sitemapXml } from './feeds';

const ORIGIN = 'https://bargains.example';
const { DOMParser } = new JSDOM('').window;

/** Parses XML strictly: a well-formedness error fails the test with the parser's message. */
function parseXml(xml: string): Document {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  const error = document.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent ?? ''}`);
  return document;
}

const summary = (id: string, overrides: Partial<BlogSummary> = {}): BlogSummary => ({
  id,
  coverImage: `/blog/covers/${id}.svg`,
  author: { name: 'Maya <Chen> & Co', avatar: '', bio: '' },
  publishedAt: new Date('2025-05-01T00:00:00Z'),
  updatedAt: new Date('2025-05-03T10:00:00Z'),
  title: `Post ${id} <b>&</b> "quotes"`,
  description: 'Save <img src=x onerror=alert(1)> & more',
  tags: ['Groceries', 'A&B'],
  readTimeMinutes: 3,
  ...overrides,
});

describe('sitemapXml', () => {
  it('is a sitemaps.org urlset with every public page and every post with its lastmod', () => {
    const document = parseXml(sitemapXml(ORIGIN, [summary('newer'), summary('older')]));
    const root = document.documentElement;
    expect(root.localName).toBe('urlset');
    expect(root.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = Array.from(root.children).map((url) => ({
      loc: url.getElementsByTagName('loc')[0]?.textContent,
      lastmod: url.getElementsByTagName('lastmod')[0]?.textContent ?? null,
    }));
    expect(urls.map((url) => url.loc)).toEqual([
      ...PUBLIC_PAGES.map((path) => new URL(path, ORIGIN).href),
      `${ORIGIN}/blog/newer`,
      `${ORIGIN}/blog/older`,
    ]);
    for (const url of urls.slice(-2)) expect(url.lastmod).toBe('2025-05-03T10:00:00.000Z');
    expect(urls.find((url) => url.loc === `${ORIGIN}/blog`)?.lastmod).toBe('2025-05-03T10:00:00.000Z');
  });

  it('is valid with no posts', () => {
    expect(parseXml(sitemapXml(ORIGIN, [])).documentElement.children).toHaveLength(PUBLIC_PAGES.length);
  });
});

describe('sitemapXml with characters XML cannot hold', () => {
  it('stays well-formed', () => {
    expect(() => parseXml(sitemapXml(ORIGIN, [summary('a\u0007b')]))).not.toThrow();
  });
});

describe('rssXml', () => {
  it('is RSS 2.0 with a channel, an atom self link and one item per post, text escaped', () => {
    const document = parseXml(rssXml(ORIGIN, [summary('one'), summary('two', { coverImage: '' })]));
    const rss = document.documentElement;
    expect(rss.localName).toBe('rss');
    expect(rss.getAttribute('version')).toBe('2.0');
    const channel = rss.getElementsByTagName('channel')[0];
    if (!channel) throw new Error('no channel');
    for (const required of ['title', 'link', 'description'])
      expect(channel.getElementsByTagName(required)[0]?.textContent).toBeTruthy();
    const self = channel.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'link')[0];
    expect(self?.getAttribute('href')).toBe(`${ORIGIN}/blog/rss.xml`);
    expect(self?.getAttribute('rel')).toBe('self');

    const items = Array.from(channel.getElementsByTagName('item'));
    expect(items).toHaveLength(2);
    const [first] = items;
    const text = (name: string) => first?.getElementsByTagName(name)[0]?.textContent;
    expect(text('title')).toBe('Post one <b>&</b> "quotes"');
    expect(text('link')).toBe(`${ORIGIN}/blog/one`);
    expect(text('guid')).toBe(`${ORIGIN}/blog/one`);
    expect(new Date(text('pubDate') ?? '').toISOString()).toBe('2025-05-01T00:00:00.000Z');
    expect(text('description')).toBe('Save <img src=x onerror=alert(1)> & more');
    expect(first?.getElementsByTagName('enclosure')[0]?.getAttribute('url')).toBe(
      `${ORIGIN}/blog/covers/one.svg`,
    );
    expect(items[1]?.getElementsByTagName('enclosure')).toHaveLength(0);
  });

  it('stays well-formed with characters XML cannot hold in any field, keeping the rest of the text', () => {
    const hostile = '\u0000A\u0007b\u000bc\u001bd\u007fe\u0085f\ufffeg\uffffh\ud800i\tj';
    const document = parseXml(
      rssXml(ORIGIN, [
        summary('controls', {
          title: `Title ${hostile}`,
          description: `Description ${hostile}`,
          author: { name: `Maya${hostile}`, avatar: '', bio: '' },
          tags: [`Tag${hostile}`],
          coverImage: `/blog/covers/a\u0007b.svg`,
        }),
      ]),
    );
    const item = document.getElementsByTagName('item')[0];
    const text = (name: string) => item?.getElementsByTagName(name)[0]?.textContent;
    expect(text('title')).toBe('Title Abcdefghi\tj');
    expect(text('description')).toBe('Description Abcdefghi\tj');
    expect(text('dc:creator')).toBe('MayaAbcdefghi\tj');
    expect(text('category')).toBe('TagAbcdefghi\tj');
  });
});

describe('robotsTxt', () => {
  it('allows the site, keeps crawlers off private pages and names the sitemap', () => {
    const robots = robotsTxt(ORIGIN);
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Disallow: \/dashboard$/m);
    expect(robots).not.toMatch(/^Disallow: \/$/m);
    expect(robots).toMatch(new RegExp(`^Sitemap: ${ORIGIN}/sitemap.xml$`, 'm'));
  });
});
