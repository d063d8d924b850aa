// Pure part of the blog backfill (`npm run publish-post -- --backfill`): brings a post written before the
// publisher stored sanitized HTML, plain-text derived fields and a blog_summaries document up to what the publisher
// writes today. No Firebase imports, so it is unit-testable; the caller passes how its SDK's timestamps look.
import { isDeepStrictEqual } from 'node:util';
import { blogSummaryDoc, type BlogDoc, type BlogSummaryDoc } from '@bargains/model/blog';
import { isImageReference } from '@bargains/model/fields';
import { deriveBlogFields, MAX_DESCRIPTION_LENGTH, MAX_TAG_LENGTH, MAX_TAGS, truncateAtWord } from './derive';
import { htmlToPlainText } from '@bargains/model/plain-text';

export interface BackfillDates<When> {
  /** The stored value as the SDK's timestamp, or null when it is missing or no date. */
  read(value: unknown): When | null;
}

export type BackfillPlan<When> =
  | {
      id: string;
      post: BlogDoc<When>;
      summary: BlogSummaryDoc<When>;
      /** What differs from what is stored (empty: nothing to write). */
      changes: string[];
    }
  | { id: string; error: string };

const text = (value: unknown): string => (typeof value === 'string' ? htmlToPlainText(value) : '');
const image = (value: unknown): string =>
  typeof value === 'string' && isImageReference(value.trim()) ? value.trim() : '';

function storedTags(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const tags = value.map(text).filter((tag) => tag !== '' && tag.length <= MAX_TAG_LENGTH);
  return [...new Set(tags)].slice(0, MAX_TAGS);
}

const positiveNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/**
 * The post as the publisher would store it today. Fields an editor set are kept, as plain text (a description
 * copied from a <meta> keeps no markup); missing ones are derived from the stored HTML as the publisher derives
 * them; the body is sanitized with the publisher's sanitizer. Dates are kept (a missing updatedAt is the
 * publication date), so a backfill never moves a post in the list or in the feeds.
 */
export function planBackfill<When>(
  id: string,
  stored: Record<string, unknown>,
  storedSummary: Record<string, unknown> | undefined,
  sanitize: (html: string) => string,
  dates: BackfillDates<When>,
): BackfillPlan<When> {
  const html = stored['html_content'];
  if (typeof html !== 'string' || html.trim() === '') return { id, error: 'has no html_content' };
  const publishedAt = dates.read(stored['publishedAt']);
  if (publishedAt === null) return { id, error: 'has no valid publishedAt (re-publish it with --date)' };
  const derived = deriveBlogFields(html);
  const title = text(stored['title']) || derived.title;
  if (!title) return { id, error: 'has no title and none can be derived (no JSON-LD headline or <h1>)' };
  const author = record(stored['author']);
  const tags = storedTags(stored['tags']);
  const description = text(stored['description']);
  const post: BlogDoc<When> = {
    html_content: sanitize(html),
    coverImage: image(stored['coverImage']),
    author: { name: text(author['name']), avatar: image(author['avatar']), bio: text(author['bio']) },
    publishedAt,
    updatedAt: dates.read(stored['updatedAt']) ?? publishedAt,
    title,
    description: description ? truncateAtWord(description, MAX_DESCRIPTION_LENGTH) : derived.description,
    tags: tags.length > 0 ? tags : derived.tags,
    readTimeMinutes: positiveNumber(stored['readTimeMinutes']) ?? derived.readTimeMinutes,
  };
  const summary = blogSummaryDoc(post);
  const changes = (Object.keys(post) as Array<keyof BlogDoc<When>>)
    .filter((field) => !isDeepStrictEqual(post[field], stored[field]))
    .map((field) => `blogs/${id}.${field}`);
  if (storedSummary === undefined) changes.push(`blog_summaries/${id} (missing)`);
  else if (!isDeepStrictEqual(summary, storedSummary)) changes.push(`blog_summaries/${id}`);
  return { id, post, summary, changes };
}
