import { DEFAULT_READ_TIME_MINUTES } from '@bargains/model/blog';
import {
  MAX_DESCRIPTION_LENGTH,
  WORDS_PER_MINUTE,
  countWords,
  deriveBlogFields,
  readTimeMinutes,
} from './derive';

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');
const jsonLd = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

describe('deriveBlogFields: title', () => {
  it('prefers the JSON-LD headline over the first h1', () => {
    const html = `<html><head>${jsonLd({ '@context': 'https://schema.org', '@type': 'BlogPosting', headline: 'From JSON-LD' })}</head>
      <body><h1>From the h1</h1><p>Body.</p></body></html>`;
    expect(deriveBlogFields(html).title).toBe('From JSON-LD');
  });

  it('finds the article headline inside an @graph (Yoast shape) and ignores site-level nodes', () => {
    const html = `<head>${jsonLd({
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'WebSite',
          '@id': 'https://example.com/#website',
          name: 'Example',
          description: 'A site tagline',
        },
        { '@type': 'Organization', name: 'Example Inc', description: 'We sell things' },
        { '@type': 'WebPage', name: 'Page name', description: 'The page summary' },
        {
          '@type': ['Article', 'BlogPosting'],
          headline: 'Graph headline',
          description: 'The article summary',
        },
      ],
    })}</head><body><h1>Heading</h1></body>`;
    expect(deriveBlogFields(html)).toMatchObject({
      title: 'Graph headline',
      description: 'The article summary',
    });
  });

  it('reads a top-level JSON-LD array and schema.org type URLs', () => {
    const html = jsonLd([
      { '@type': 'BreadcrumbList', itemListElement: [] },
      { '@type': 'https://schema.org/NewsArticle', headline: 'Array headline' },
    ]);
    expect(deriveBlogFields(html).title).toBe('Array headline');
  });

  it('reads an Article nested as mainEntity of a WebPage, and {"@value"} literals', () => {
    const html = jsonLd({
      '@type': 'WebPage',
      description: 'Page description',
      mainEntity: {
        '@type': 'Article',
        headline: { '@value': 'Nested headline' },
        description: 'Nested description',
      },
    });
    expect(deriveBlogFields(html)).toMatchObject({
      title: 'Nested headline',
      description: 'Nested description',
    });
  });

  it('takes the first non-empty h1 when there are several and no structured data', () => {
    const html = '<body><h1>  </h1><h1>First <em>real</em>\n  title</h1><h1>Second title</h1><p>x</p></body>';
    expect(deriveBlogFields(html).title).toBe('First real title');
  });

  it('decodes named, numeric and hex character references in h1 and JSON-LD text', () => {
    expect(deriveBlogFields('<h1>Caf&eacute; &amp; Bar &#8211; 50&#x25; off</h1>').title).toBe(
      'Café & Bar – 50% off',
    );
    expect(
      deriveBlogFields(jsonLd({ '@type': 'Article', headline: 'Tom &amp; Jerry&#39;s deals' })).title,
    ).toBe("Tom & Jerry's deals");
  });

  it('strips markup found inside a JSON-LD string', () => {
    expect(deriveBlogFields(jsonLd({ '@type': 'Article', headline: '<b>Bold</b> move' })).title).toBe(
      'Bold move',
    );
  });

  it('falls through to the h1 when the JSON-LD is broken', () => {
    const html = `<script type="application/ld+json">{"@type": "Article", "headline": "Broken",</script>
      <h1>Recovered title</h1>`;
    expect(deriveBlogFields(html).title).toBe('Recovered title');
  });

  it('falls through when JSON-LD is valid JSON but has no usable headline', () => {
    const html = `${jsonLd({ '@type': 'Article', headline: 42 })}${jsonLd('just a string')}${jsonLd(null)}<h1>Fallback</h1>`;
    expect(deriveBlogFields(html).title).toBe('Fallback');
  });

  it('accepts a type attribute with different casing and parameters', () => {
    const html = `<script type=" Application/LD+JSON; charset=utf-8">{"@type":"Article","headline":"Typed"}</script>`;
    expect(deriveBlogFields(html).title).toBe('Typed');
  });

  it('ignores script blocks that are not JSON-LD and headings inside <template>', () => {
    const html = `<script>var headline = "no";</script><template><h1>Inert</h1></template><h1>Visible</h1>`;
    expect(deriveBlogFields(html).title).toBe('Visible');
  });

  it('returns an empty title when nothing provides one', () => {
    expect(deriveBlogFields('<p>Only a paragraph.</p>').title).toBe('');
  });

  it('survives malformed nesting the way a browser does', () => {
    const html = '<h1>Unclosed <b>bold <i>italic</h1><p>Para <div>block</p></div>';
    expect(deriveBlogFields(html)).toMatchObject({ title: 'Unclosed bold italic', description: 'Para' });
  });
});

describe('deriveBlogFields: description', () => {
  it('uses the meta description when there is no JSON-LD description', () => {
    const html = `<head><meta name="Description" content="  Meta &amp; summary\n here "></head><body><p>First paragraph.</p></body>`;
    expect(deriveBlogFields(html).description).toBe('Meta & summary here');
  });

  it('keeps only the words of markup inside the meta description (never literal tags on the cards)', () => {
    const html = `<meta name="description" content="Save &lt;img src=x onerror=alert(1)&gt;&lt;b&gt;big&lt;/b&gt; today"><p>P</p>`;
    expect(deriveBlogFields(html).description).toBe('Save big today');
  });

  it('falls back to the paragraph when the meta description is only markup', () => {
    const html = `<meta name="description" content="&lt;img src=x&gt;"><p>Real summary.</p>`;
    expect(deriveBlogFields(html).description).toBe('Real summary.');
  });

  it('uses the first non-empty paragraph otherwise', () => {
    const html =
      '<h1>T</h1><p>   </p><p>The <a href="/x">first</a> paragraph &mdash; really.</p><p>Second.</p>';
    expect(deriveBlogFields(html).description).toBe('The first paragraph — really.');
  });

  it('ignores the description of site-level nodes and falls back to the meta description', () => {
    const html = `${jsonLd({ '@type': 'Organization', description: 'Company blurb' })}<meta name="description" content="Post summary">`;
    expect(deriveBlogFields(html).description).toBe('Post summary');
  });

  it('is empty when the post has no paragraphs and no metadata', () => {
    expect(deriveBlogFields('<h1>Title</h1><ul><li>one</li></ul>').description).toBe('');
  });

  it('shortens a long paragraph at a word boundary', () => {
    const description = deriveBlogFields(`<p>${words(200)}</p>`).description;
    expect(description.length).toBeLessThanOrEqual(MAX_DESCRIPTION_LENGTH);
    expect(description.endsWith('…')).toBe(true);
    expect(description.slice(0, -1)).toMatch(/word\d+$/);
  });
});

describe('deriveBlogFields: tags', () => {
  it('collects elements whose class is "tag" or starts with "tag", innermost only, deduplicated', () => {
    const html = `<body><p>Intro</p>
      <ul class="tags"><li class="tag">#Coupons</li><li class="tag tag-primary">Groceries</li><li class="tag">coupons</li></ul>
      <span class="post-tag">not a tag: class does not start with tag</span>
      <a class="tag-link" href="/t/cashback">Cash&shy;back &amp; Rewards</a></body>`;
    expect(deriveBlogFields(html).tags).toEqual(['Coupons', 'Groceries', 'Cash\u00adback & Rewards']);
  });

  it('skips empty and overlong labels (a "tagline" paragraph is not a tag)', () => {
    const html = `<p class="tagline">Taking the power of the algorithm back into your hands, one coupon at a time.</p>
      <span class="tag"> </span><span class="TAG">Budget</span>`;
    expect(deriveBlogFields(html).tags).toEqual(['Budget']);
  });

  it('returns no tags when none are marked', () => {
    expect(deriveBlogFields('<p>No tags</p>').tags).toEqual([]);
  });
});

describe('deriveBlogFields: read time', () => {
  it('rounds the body word count up to whole minutes', () => {
    expect(deriveBlogFields(`<p>${words(WORDS_PER_MINUTE + 1)}</p>`).readTimeMinutes).toBe(2);
    expect(deriveBlogFields(`<p>${words(WORDS_PER_MINUTE)}</p>`).readTimeMinutes).toBe(1);
  });

  it('is at least one minute for a short post', () => {
    expect(deriveBlogFields('<p>Three short words</p>').readTimeMinutes).toBe(1);
  });

  it('does not count scripts, styles, the head or structured data as words', () => {
    const padding = words(WORDS_PER_MINUTE * 3);
    const html = `<head><title>${padding}</title>${jsonLd({ '@type': 'Article', headline: padding })}</head>
      <body><style>${padding}</style><script>${padding}</script><p>Just a few words.</p></body>`;
    expect(deriveBlogFields(html).readTimeMinutes).toBe(1);
  });

  it('defaults to 5 minutes when the body has no words to count', () => {
    expect(deriveBlogFields('<img src="/a.png" alt="">').readTimeMinutes).toBe(DEFAULT_READ_TIME_MINUTES);
    expect(deriveBlogFields('').readTimeMinutes).toBe(5);
    expect(readTimeMinutes(Number.NaN)).toBe(5);
  });

  it('separates words across block boundaries and counts CJK words', () => {
    expect(countWords('alpha beta')).toBe(2);
    expect(deriveBlogFields('<p>one</p><p>two</p><ul><li>three</li><li>four</li></ul>').readTimeMinutes).toBe(
      1,
    );
    expect(countWords('节省金钱的好方法')).toBeGreaterThan(1);
  });
});

describe('deriveBlogFields: robustness', () => {
  it('handles deeply nested markup without overflowing the stack', () => {
    const depth = 20_000;
    const html = `${'<div>'.repeat(depth)}<h1>Deep</h1>${'</div>'.repeat(depth)}`;
    expect(deriveBlogFields(html).title).toBe('Deep');
  });

  it('handles deeply nested JSON-LD without recursing forever', () => {
    const depth = 5_000;
    const nested = `${'{"child":'.repeat(depth)}{"@type":"Article","headline":"Too deep"}${'}'.repeat(depth)}`;
    const html = `<script type="application/ld+json">${nested}</script><h1>Shallow</h1>`;
    expect(deriveBlogFields(html).title).toBe('Shallow');
  });

  it('derives all four fields from a realistic full document', () => {
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
      <title>Site | 7 grocery hacks</title>
      <meta name="description" content="Seven grocery hacks that cut a weekly bill by a fifth.">
      ${jsonLd({ '@context': 'https://schema.org', '@type': 'BlogPosting', headline: '7 Grocery Hacks That Actually Work' })}
      </head><body><article><h1>7 grocery hacks</h1><p>${words(500)}</p>
      <div class="tags"><span class="tag">Groceries</span><span class="tag">Budgeting</span></div></article></body></html>`;
    expect(deriveBlogFields(html)).toEqual({
      title: '7 Grocery Hacks That Actually Work',
      description: 'Seven grocery hacks that cut a weekly bill by a fifth.',
      tags: ['Groceries', 'Budgeting'],
      readTimeMinutes: Math.ceil(505 / WORDS_PER_MINUTE),
    });
  });
});
