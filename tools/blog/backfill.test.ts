import { planBackfill, type BackfillPlan } from './backfill';
import { serverBlogHtml, type ServerBlogHtml } from '../../functions/src/blog/server-dom';

const PUBLISHED = new Date('2024-03-01T00:00:00Z');
const UPDATED = new Date('2024-04-01T00:00:00Z');
const dates = { read: (value: unknown) => (value instanceof Date ? value : null) };
let sanitizer: ServerBlogHtml;

beforeAll(async () => {
  sanitizer = await serverBlogHtml('https://publisher.invalid');
});

const plan = (stored: Record<string, unknown>, summary?: Record<string, unknown>): BackfillPlan<Date> =>
  planBackfill('old-post', stored, summary, (html) => sanitizer.sanitize(html), dates);

const LEGACY = {
  html_content:
    '<html><head><meta name="description" content="Save &lt;b&gt;more&lt;/b&gt; <img src=x onerror=alert(1)>"></head>' +
    '<body><h1>Old <em>title</em></h1><p onclick="steal()">Body words here.</p><script>alert(1)</script></body></html>',
  coverImage: '/blog/covers/x.svg',
  author: { name: 'Maya <b>Chen</b>', avatar: 'javascript:alert(1)', bio: 'Writes.' },
  publishedAt: PUBLISHED,
};

describe('planBackfill', () => {
  it('sanitizes the body, derives the missing fields as plain text and adds the summary', () => {
    const result = plan(LEGACY);
    if ('error' in result) throw new Error(result.error);
    expect(result.post.html_content).not.toMatch(/<script|onclick|onerror/);
    expect(result.post).toMatchObject({
      title: 'Old title',
      description: 'Save more',
      author: { name: 'Maya Chen', avatar: '', bio: 'Writes.' },
      publishedAt: PUBLISHED,
      updatedAt: PUBLISHED,
      tags: [],
      readTimeMinutes: 1,
    });
    expect(result.summary).toEqual({ ...result.post, html_content: undefined });
    expect(result.changes).toEqual(
      expect.arrayContaining([
        'blogs/old-post.html_content',
        'blogs/old-post.title',
        'blog_summaries/old-post (missing)',
      ]),
    );
  });

  it('keeps the fields an editor set, reduced to plain text, and the stored dates', () => {
    const result = plan({
      ...LEGACY,
      title: 'Chosen &amp; kept',
      description: '<img src=x onerror=alert(1)>A <b>kept</b> summary',
      tags: ['Groceries', '<i>Ops</i>', '', 'x'.repeat(41), 'Groceries'],
      readTimeMinutes: 7,
      updatedAt: UPDATED,
    });
    if ('error' in result) throw new Error(result.error);
    expect(result.post).toMatchObject({
      title: 'Chosen & kept',
      description: 'A kept summary',
      tags: ['Groceries', 'Ops'],
      readTimeMinutes: 7,
      updatedAt: UPDATED,
    });
  });

  it('is idempotent: a backfilled post and summary need no change', () => {
    const first = plan(LEGACY);
    if ('error' in first) throw new Error(first.error);
    const second = plan({ ...first.post }, { ...first.summary });
    expect(second).toMatchObject({ changes: [] });
  });

  it('rewrites a summary that no longer matches its post', () => {
    const first = plan(LEGACY);
    if ('error' in first) throw new Error(first.error);
    const second = plan({ ...first.post }, { ...first.summary, title: 'Stale' });
    expect(second).toMatchObject({ changes: ['blog_summaries/old-post'] });
  });

  it('skips posts it cannot repair, saying why', () => {
    expect(plan({ ...LEGACY, html_content: '' })).toEqual({ id: 'old-post', error: 'has no html_content' });
    expect(plan({ ...LEGACY, publishedAt: 'not a date' })).toMatchObject({
      error: expect.stringMatching(/publishedAt/),
    });
    expect(plan({ ...LEGACY, html_content: '<p>No heading</p>' })).toMatchObject({
      error: expect.stringMatching(/no title/),
    });
  });
});
