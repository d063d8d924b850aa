import { blogDraftSchema, blogPostWriteSchema, MAX_POST_HTML_BYTES, MAX_POST_TAGS } from './blog-draft';

const draft = {
  id: 'spring-savings',
  title: '  Spring   savings ',
  html: '<h2>Heading</h2><p>Body.</p>',
  coverImage: '/blog/covers/energy-bills.svg',
  tags: ['Groceries', 'Groceries', 'Energy'],
  author: { name: 'Maya', avatar: '/blog/avatars/maya-chen.svg', bio: 'Bio\u0007 text.' },
};

test('a draft is read as plain text fields, duplicate tags once', () => {
  expect(blogDraftSchema.parse(draft)).toEqual({
    ...draft,
    title: 'Spring savings',
    tags: ['Groceries', 'Energy'],
    author: { ...draft.author, bio: 'Bio text.' },
  });
});

test.each([
  ['an id that is not a slug', { id: '../../../functions/src/x' }],
  ['a reserved id', { id: '__x__' }],
  ['a cover on another host', { coverImage: 'https://tracker.example/c.png' }],
  ['a protocol-relative avatar', { author: { ...draft.author, avatar: '//tracker.example/a.png' } }],
  ['an empty title', { title: ' \u0000 ' }],
  ['a lone surrogate in the title', { title: 'Broken \ud800 text' }],
  ['a lone surrogate in the body', { html: '<p>\udc00</p>' }],
  ['a body over the size limit', { html: `<p>${'x'.repeat(MAX_POST_HTML_BYTES)}</p>` }],
  ['an empty body', { html: '   ' }],
  ['too many tags', { tags: Array.from({ length: MAX_POST_TAGS + 1 }, (_, i) => `t${i}`) }],
  ['an unknown field', { publishedAt: '2020-01-01' }],
])('refuses %s', (_case, change) => {
  expect(blogDraftSchema.safeParse({ ...draft, ...change }).success).toBe(false);
});

test('the request names one of three actions', () => {
  expect(blogPostWriteSchema.safeParse({ action: 'unpublish', id: 'spring-savings' }).success).toBe(true);
  expect(blogPostWriteSchema.safeParse({ action: 'delete', id: 'spring-savings' }).success).toBe(false);
  expect(blogPostWriteSchema.safeParse({ action: 'publish', post: draft }).success).toBe(true);
  expect(blogPostWriteSchema.safeParse({ action: 'publish', post: draft, extra: 1 }).success).toBe(false);
});
