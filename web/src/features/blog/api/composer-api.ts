// The blog composer's one write path: write_blog_post (docs/blog-composer.md), with the editor's ID token. The
// function checks the editor claim and validates the draft again; the answers are untrusted input.
import { z } from 'zod';
import { parseBlogPost, type BlogPost } from '@bargains/model/blog';
import type { BlogDraftInput } from '@bargains/model/blog-draft';
import { callFunction } from '@/lib/api-client';

const previewAnswer = z.object({ post: z.object({ id: z.string() }).passthrough() });

/** The document publishing would store, as readers will get it (sanitized body, derived fields). */
export async function previewBlogPost(post: BlogDraftInput): Promise<BlogPost> {
  return callFunction('/write_blog_post', {
    method: 'POST',
    body: { action: 'preview', post },
    parse: (data) => {
      const { post: answer } = previewAnswer.parse(data);
      const parsed = parseBlogPost(answer.id, answer);
      if (!parsed) throw new Error('The preview answer is not a blog post');
      return parsed;
    },
  });
}

const publishAnswer = z.object({
  id: z.string(),
  path: z.string(),
  status: z.enum(['published', 'updated']),
  publishedAt: z.iso.datetime(),
});
export type PublishAnswer = z.infer<typeof publishAnswer>;

export function publishBlogPost(post: BlogDraftInput): Promise<PublishAnswer> {
  return callFunction('/write_blog_post', {
    method: 'POST',
    body: { action: 'publish', post },
    parse: (data) => publishAnswer.parse(data),
  });
}

const unpublishAnswer = z.object({ id: z.string(), status: z.literal('unpublished') });

export function unpublishBlogPost(id: string): Promise<z.infer<typeof unpublishAnswer>> {
  return callFunction('/write_blog_post', {
    method: 'POST',
    body: { action: 'unpublish', id },
    parse: (data) => unpublishAnswer.parse(data),
  });
}
