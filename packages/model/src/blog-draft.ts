// What the browser composer sends to write_blog_post (docs/blog-composer.md): one zod schema, used by the function
// to validate the request and by the composer to check a draft before sending it. Everything here is untrusted:
// the body is HTML that the writer sanitizes (blog/post-document.ts), the other fields are plain text or site
// paths. Limits match the ops command's (tools/blog/publish.ts), so both writers accept the same posts.
import { z } from 'zod';
import { isImageReference } from './fields';
import { collapseWhitespace } from './plain-text';
import { LONE_SURROGATE } from './unicode';

/** Firestore documents are limited to 1 MiB; keep headroom for the other fields. */
export const MAX_POST_HTML_BYTES = 900 * 1024;
/** A request holds one body plus short fields; anything larger is refused before it is parsed. */
export const MAX_POST_REQUEST_BYTES = MAX_POST_HTML_BYTES + 64 * 1024;
export const MAX_POST_TAGS = 8;
export const MAX_POST_TAG_LENGTH = 40;

/** Why images are site files only: model/fields.ts isImageReference. */
export const SITE_IMAGE_RULE =
  'must be a site path like /blog/covers/x.svg (a file in web/public, deployed with the site): the site loads ' +
  'no images from other hosts';

/** A post id as the ops command takes it: it becomes /blog/{id}. */
export const blogPostIdSchema = z
  .string({ error: 'is required' })
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'must be lowercase letters, digits and single hyphens (it becomes /blog/{id})',
  )
  .max(100, 'must be at most 100 characters');

/** JSON can carry lone surrogates (`"\ud800"`); no stored text may hold one (the feeds and UTF-8 cannot). */
const wellFormed = (value: string) => !LONE_SURROGATE.test(value);

const plainText = (label: string, maxLength: number) =>
  z
    .string({ error: 'is required' })
    .refine(wellFormed, 'must be valid Unicode text')
    .transform(collapseWhitespace)
    .pipe(
      z
        .string()
        .min(1, `${label} must not be empty`)
        .max(maxLength, `${label} must be at most ${maxLength} characters`),
    );

const imagePath = z
  .string({ error: 'is required' })
  .trim()
  .refine(isImageReference, { message: `${SITE_IMAGE_RULE} (no spaces)` });

export const blogDraftSchema = z
  .object({
    id: blogPostIdSchema,
    title: plainText('The title', 200),
    html: z
      .string({ error: 'is required' })
      .refine(wellFormed, 'must be valid Unicode text')
      .refine((html) => html.trim() !== '', 'The body must not be empty')
      .refine(
        (html) => new TextEncoder().encode(html).length <= MAX_POST_HTML_BYTES,
        `The body must be at most ${MAX_POST_HTML_BYTES} bytes (Firestore's 1 MiB document cap)`,
      ),
    coverImage: imagePath,
    tags: z
      .array(plainText('A tag', MAX_POST_TAG_LENGTH))
      .max(MAX_POST_TAGS, `at most ${MAX_POST_TAGS} tags`)
      .default([])
      .transform((tags) => [...new Set(tags)]),
    author: z
      .object({
        name: plainText('The author name', 100),
        avatar: imagePath,
        bio: plainText('The author bio', 1000),
      })
      .strict(),
  })
  .strict();

export type BlogDraft = z.infer<typeof blogDraftSchema>;
/** What a client sends: tags may be left out. */
export type BlogDraftInput = z.input<typeof blogDraftSchema>;

/** write_blog_post's request body: preview (nothing written), publish (create or update) or unpublish. */
export const blogPostWriteSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('preview'), post: blogDraftSchema }).strict(),
    z.object({ action: z.literal('publish'), post: blogDraftSchema }).strict(),
    z.object({ action: z.literal('unpublish'), id: blogPostIdSchema }).strict(),
  ],
  { error: 'action must be "preview", "publish" or "unpublish"' },
);

export type BlogPostWrite = z.infer<typeof blogPostWriteSchema>;
