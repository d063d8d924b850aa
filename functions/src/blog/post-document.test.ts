import { buildBlogDocument } from './post-document';

const fields = {
  cover: '/blog/covers/energy-bills.svg',
  authorName: 'Maya Chen',
  authorAvatar: '/blog/avatars/maya-chen.svg',
  authorBio: 'Writes about groceries.',
};
const dates = { publishedAt: new Date('2025-05-01T00:00:00Z'), updatedAt: new Date('2025-05-02T00:00:00Z') };
const keep = (html: string) => html;

test('stated title and tags win over what the HTML would give; description and read time are derived', () => {
  const built = buildBlogDocument(
    '<h1>From the markup</h1><p>First paragraph.</p><span class="tag">Markup tag</span>',
    { ...fields, stated: { title: 'From the composer', tags: ['Groceries'] } },
    dates,
    keep,
  );
  expect(built).toEqual({
    document: expect.objectContaining({
      title: 'From the composer',
      tags: ['Groceries'],
      description: 'First paragraph.',
      readTimeMinutes: 1,
      coverImage: fields.cover,
    }),
  });
});

test('a body without a heading is accepted when the title is stated, refused when it is not', () => {
  expect(
    buildBlogDocument('<p>Only text.</p>', { ...fields, stated: { title: 'Stated' } }, dates, keep),
  ).toEqual({
    document: expect.objectContaining({ title: 'Stated' }),
  });
  expect(buildBlogDocument('<p>Only text.</p>', fields, dates, keep)).toEqual({
    error: expect.stringContaining('Cannot derive a title'),
  });
});

test('images from other hosts are refused by name, site paths and inline raster images pass', () => {
  expect(
    buildBlogDocument('<h1>T</h1><img src="https://tracker.example/p.gif">', fields, dates, keep),
  ).toEqual({ error: expect.stringContaining('https://tracker.example/p.gif') });
  expect(
    buildBlogDocument(
      '<h1>T</h1><img src="/blog/images/chart.png"><img src="data:image/png;base64,iVBORw0KGgo=">',
      fields,
      dates,
      keep,
    ),
  ).toHaveProperty('document');
});

test('a body with nothing left after sanitizing is refused', () => {
  expect(
    buildBlogDocument('<script>alert(1)</script>', { ...fields, stated: { title: 'T' } }, dates, () => ''),
  ).toEqual({ error: expect.stringContaining('Nothing is left of the body') });
});
