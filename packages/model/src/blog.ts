// blogs/{id}: a public blog post, and blog_summaries/{id}: what the blog list shows of it (no body), written
// together by the publisher (blog/post-writes.ts). `html_content` is sanitized when the post is written and
// again wherever it is rendered (model/contracts/blog-html.ts); title, description, tags and read time are plain text
// derived from it at write time (blog/derive.ts), so readers never parse bodies.
// zod/mini, as in fields.ts: render_blog's bundle (scripts/lib/stack.ts) then holds only the zod it uses.
import { array, extend, nullish, number, object, pipe, refine, string, transform } from 'zod/mini';
import { isDocumentId } from './document-id';
import { isImageReference, textOrEmpty } from './fields';
import { type InvalidDocumentReporter, parseDocument, warnInvalidDocument } from './invalid-document';
import { blogDocPath, blogSummaryDocPath } from './paths';
import { dateSchema } from './timestamp';

/** Read time when none is stored (docs/reference.md#blog). */
export const DEFAULT_READ_TIME_MINUTES = 5;

export interface BlogAuthor {
  name: string;
  avatar: string;
  bio: string;
}

/** A post as the blog list shows it. */
export interface BlogSummary {
  id: string;
  coverImage: string;
  author: BlogAuthor;
  publishedAt: Date;
  /** Last write of the post (sitemap lastmod, feed dates); the publication date for older documents. */
  updatedAt: Date;
  title: string;
  description: string;
  tags: string[];
  readTimeMinutes: number;
}

export interface BlogPost extends BlogSummary {
  html_content: string;
}

const imageReference = pipe(
  textOrEmpty,
  transform((value: string) => (isImageReference(value) ? value : '')),
);

const authorSchema = pipe(
  nullish(object({ name: textOrEmpty, avatar: imageReference, bio: textOrEmpty })),
  transform((author: BlogAuthor | null | undefined) => author ?? { name: '', avatar: '', bio: '' }),
);

const summarySchema = object({
  coverImage: imageReference,
  author: authorSchema,
  publishedAt: dateSchema,
  updatedAt: nullish(dateSchema),
  title: textOrEmpty,
  description: textOrEmpty,
  tags: pipe(
    nullish(array(string())),
    transform((tags: string[] | null | undefined) => tags ?? []),
  ),
  readTimeMinutes: pipe(
    nullish(
      number().check(
        refine((minutes: number) => Number.isFinite(minutes) && minutes > 0, 'expected a positive number'),
      ),
    ),
    transform((minutes: number | null | undefined) => minutes ?? DEFAULT_READ_TIME_MINUTES),
  ),
});

const blogSchema = extend(summarySchema, { html_content: string() });

export function parseBlogSummary(
  id: string,
  data: unknown,
  report: InvalidDocumentReporter = warnInvalidDocument,
): BlogSummary | null {
  const parsed = parseDocument(summarySchema, blogSummaryDocPath(id), data, report);
  return parsed === null ? null : { id, ...parsed, updatedAt: parsed.updatedAt ?? parsed.publishedAt };
}

export function parseBlogPost(
  id: string,
  data: unknown,
  report: InvalidDocumentReporter = warnInvalidDocument,
): BlogPost | null {
  const parsed = parseDocument(blogSchema, blogDocPath(id), data, report);
  return parsed === null ? null : { id, ...parsed, updatedAt: parsed.updatedAt ?? parsed.publishedAt };
}

/** The stored shape; `When` is what the writer's SDK stores as a timestamp (a Date becomes a Timestamp). */
export type BlogDoc<When = Date> = {
  html_content: string;
  coverImage: string;
  author: BlogAuthor;
  publishedAt: When;
  updatedAt: When;
  title: string;
  description: string;
  tags: string[];
  readTimeMinutes: number;
};

export type BlogSummaryDoc<When = Date> = Omit<BlogDoc<When>, 'html_content'>;

/** The summary document written next to a post. */
export function blogSummaryDoc<When>(post: BlogDoc<When>): BlogSummaryDoc<When> {
  const { html_content: _body, ...summary } = post;
  return summary;
}

/**
 * A post id as it can appear in a URL: a Firestore document id (model/document-id.ts; reserved ids such as
 * `__x__` included) of the characters the publisher's ids use; anything else names no post and is never read.
 */
export function isPossibleBlogId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,200}$/.test(id) && isDocumentId(id);
}
