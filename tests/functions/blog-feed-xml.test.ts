// The feeds render_blog writes (/blog/rss.xml, /sitemap.xml), fetched through Hosting and parsed by a strict
// XML 1.0 parser (saxes, through jsdom's DOMParser) after posts with hostile text were published: one through the
// publisher's own option parsing and document builder, one written around it with characters XML cannot hold in
// every text field (as an older or hand-written document could be). One such character used to make the whole
// feed ill-formed, so a feed reader dropped every post.
import { JSDOM } from 'jsdom';
import { serverBlogHtml } from '../../functions/src/blog/server-dom';
import { blogSummaryDoc, type BlogDoc } from '@bargains/model/blog';
import { blogDocPath, blogSummaryDocPath } from '@bargains/model/paths';
import { buildBlogDocument, parsePublishOptions } from '../../tools/blog/publish';
import { storeBlogPost } from '../../functions/src/blog/post-writes';
import { closeAdmin, testDb } from './support/admin';
import { APP_ORIGIN } from './support/env';

const PUBLISHED_ID = 'feed-xml-published';
const RAW_ID = 'feed-xml-raw';
/** Every kind of character XML 1.0 refuses or discourages, between letters that must survive. */
const HOSTILE = 'A\u0000b\u0007c\u000bd\u001be\u007ff\u0085g\ufffeh\uffffi';
const KEPT = 'Abcdefghi';

const { DOMParser } = new JSDOM('').window;

async function fetchXml(path: string): Promise<Document> {
  const response = await fetch(`${APP_ORIGIN}${path}`);
  expect(response.status).toBe(200);
  const document = new DOMParser().parseFromString(await response.text(), 'application/xml');
  const error = document.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`${path} is not well-formed XML: ${error.textContent ?? ''}`);
  return document;
}

function itemOf(document: Document, id: string): Element {
  const item = Array.from(document.getElementsByTagName('item')).find((candidate) =>
    candidate.getElementsByTagName('link')[0]?.textContent?.endsWith(`/blog/${id}`),
  );
  if (!item) throw new Error(`no feed item for ${id}`);
  return item;
}

const textOf = (item: Element, name: string) => item.getElementsByTagName(name)[0]?.textContent;

beforeAll(async () => {
  const sanitizer = await serverBlogHtml('https://publisher.invalid');
  const parsed = parsePublishOptions({
    file: 'post.html',
    id: PUBLISHED_ID,
    cover: '/blog/covers/meal-planning.svg',
    'author-name': `Maya ${HOSTILE}`,
    'author-avatar': '/blog/avatars/maya-chen.svg',
    'author-bio': `Bio ${HOSTILE}`,
  });
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  const built = buildBlogDocument(
    `<h1>Published &#x7; title ${HOSTILE}</h1><p>First paragraph ${HOSTILE}</p><ul><li class="tag">Tag ${HOSTILE}</li></ul>`,
    parsed.options,
    { publishedAt: new Date(), updatedAt: new Date() },
    (html) => sanitizer.sanitize(html),
  );
  if ('error' in built) throw new Error(built.error);
  const now = new Date();
  await storeBlogPost(testDb(), PUBLISHED_ID, built.document, { requested: now, now });

  const raw: BlogDoc = {
    html_content: '<p>Body</p>',
    coverImage: '/blog/covers/meal-planning.svg',
    author: { name: `Raw ${HOSTILE}`, avatar: '', bio: '' },
    publishedAt: new Date(now.getTime() - 1000),
    updatedAt: now,
    title: `Raw title ${HOSTILE}`,
    description: `Raw description ${HOSTILE}`,
    tags: [`Raw tag ${HOSTILE}`],
    readTimeMinutes: 2,
  };
  await testDb()
    .batch()
    .set(testDb().doc(blogDocPath(RAW_ID)), raw)
    .set(testDb().doc(blogSummaryDocPath(RAW_ID)), blogSummaryDoc(raw))
    .commit();
});

afterAll(async () => {
  const db = testDb();
  const batch = db.batch();
  for (const id of [PUBLISHED_ID, RAW_ID])
    batch.delete(db.doc(blogDocPath(id))).delete(db.doc(blogSummaryDocPath(id)));
  await batch.commit();
  await closeAdmin();
});

test('the RSS feed stays well-formed and keeps the readable text of every hostile field', async () => {
  const feed = await fetchXml('/blog/rss.xml');

  const published = itemOf(feed, PUBLISHED_ID);
  // The publisher stores author names as plain text: control characters became spaces.
  expect(textOf(published, 'dc:creator')).toBe('Maya A b c d e f ghi');
  expect(textOf(published, 'title')).toContain('Published');

  const raw = itemOf(feed, RAW_ID);
  expect(textOf(raw, 'title')).toBe(`Raw title ${KEPT}`);
  expect(textOf(raw, 'description')).toBe(`Raw description ${KEPT}`);
  expect(textOf(raw, 'dc:creator')).toBe(`Raw ${KEPT}`);
  expect(textOf(raw, 'category')).toBe(`Raw tag ${KEPT}`);
});

test('the sitemap stays well-formed and lists both posts', async () => {
  const sitemap = await fetchXml('/sitemap.xml');
  const locations = Array.from(sitemap.getElementsByTagName('loc')).map((loc) => loc.textContent);
  expect(locations).toEqual(
    expect.arrayContaining([`${APP_ORIGIN}/blog/${PUBLISHED_ID}`, `${APP_ORIGIN}/blog/${RAW_ID}`]),
  );
});
