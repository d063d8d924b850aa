// blogs/{id}: a public blog post. `html_content` is untrusted HTML (the web app sanitises it before
// rendering); title, description, tags and read time are derived from it when the post is written
// (tools/blog/derive.ts), so readers never parse bodies.
import { z } from 'zod';
import { textOrEmpty } from './fields';
import { type InvalidDocumentReporter, parseDocument, warnInvalidDocument } from './invalid-document';
import { blogDocPath } from './paths';
import { dateSchema } from './timestamp';

/** Spec §3/§9: read time when none is stored. */
export const DEFAULT_READ_TIME_MINUTES = 5;

export interface BlogAuthor {
  name: string;
  avatar: string;
  bio: string;
}

export interface BlogPost {
  id: string;
  html_content: string;
  coverImage: string;
  author: BlogAuthor;
  publishedAt: Date;
  title: string;
  description: string;
  tags: string[];
  readTimeMinutes: number;
}

const authorSchema = z
  .object({ name: textOrEmpty, avatar: textOrEmpty, bio: textOrEmpty })
  .nullish()
  .transform((author) => author ?? { name: '', avatar: '', bio: '' });

const blogSchema = z.object({
  html_content: z.string(),
  coverImage: textOrEmpty,
  author: authorSchema,
  publishedAt: dateSchema,
  title: textOrEmpty,
  description: textOrEmpty,
  tags: z
    .array(z.string())
    .nullish()
    .transform((tags) => tags ?? []),
  readTimeMinutes: z
    .number()
    .refine((minutes) => Number.isFinite(minutes) && minutes > 0, 'expected a positive number')
    .nullish()
    .transform((minutes) => minutes ?? DEFAULT_READ_TIME_MINUTES),
});

export function parseBlogPost(
  id: string,
  data: unknown,
  report: InvalidDocumentReporter = warnInvalidDocument,
): BlogPost | null {
  const parsed = parseDocument(blogSchema, blogDocPath(id), data, report);
  return parsed === null ? null : { id, ...parsed };
}

/** The stored shape; `When` is what the writer's SDK stores as a timestamp (a Date becomes a Timestamp). */
export type BlogDoc<When = Date> = {
  html_content: string;
  coverImage: string;
  author: BlogAuthor;
  publishedAt: When;
  title: string;
  description: string;
  tags: string[];
  readTimeMinutes: number;
};
