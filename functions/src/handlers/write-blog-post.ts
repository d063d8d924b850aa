// POST write_blog_post (the blog composer at /editor/posts, docs/blog-composer.md): editors only, checked here
// on every call (http/editor-auth.ts), since the rules give clients no write path to posts.
//   {action: 'preview', post}   → {post}: the document publishing would store (sanitized body, derived fields),
//                                 nothing written; the composer draws it with the reader's own components.
//   {action: 'publish', post}   → 201 {id, path, status: 'published'} or 200 {…, status: 'updated'}.
//   {action: 'unpublish', id}   → {id, status: 'unpublished'}; 404 when there is no such post.
// The post is built and stored by the same code as `npm run publish-post` (blog/post-document.ts,
// blog/post-writes.ts). Every input problem is a 400 naming it, and nothing is written.
import * as logger from 'firebase-functions/logger';
import { db } from '../admin';
import { buildBlogDocument, PUBLISHER_ORIGIN } from '../blog/post-document';
import { storeBlogPost, unpublishBlogPost } from '../blog/post-writes';
import { serverBlogHtml } from '../blog/server-dom';
import { parseJsonBody } from '../http/body';
import { requireEditor } from '../http/editor-auth';
import { endpoint } from '../http/endpoint';
import { HttpError } from '../http/errors';
import type { BlogDoc } from '@bargains/model/blog';
import { blogPostWriteSchema, MAX_POST_REQUEST_BYTES, type BlogDraft } from '@bargains/model/blog-draft';

export const POST_NOT_FOUND_MESSAGE = 'There is no published post with this id';

async function buildDocument(post: BlogDraft, now: Date): Promise<BlogDoc> {
  const sanitizer = await serverBlogHtml(PUBLISHER_ORIGIN);
  const built = buildBlogDocument(
    post.html,
    {
      cover: post.coverImage,
      authorName: post.author.name,
      authorAvatar: post.author.avatar,
      authorBio: post.author.bio,
      stated: { title: post.title, tags: post.tags },
    },
    { publishedAt: now, updatedAt: now },
    (html) => sanitizer.sanitize(html),
  );
  if ('error' in built) throw new HttpError(400, built.error);
  return built.document;
}

export const handle = endpoint({ name: 'write_blog_post', method: 'POST', cors: true }, async (req) => {
  const editor = await requireEditor(req);
  const request = parseJsonBody(req, blogPostWriteSchema, MAX_POST_REQUEST_BYTES);
  const now = new Date();
  switch (request.action) {
    case 'preview': {
      const document = await buildDocument(request.post, now);
      return { body: { post: { id: request.post.id, ...document } } };
    }
    case 'publish': {
      const document = await buildDocument(request.post, now);
      const stored = await storeBlogPost(db(), request.post.id, document, { requested: undefined, now });
      const status = stored.existed ? 'updated' : 'published';
      logger.info(`write_blog_post.${status}`, { uid: editor.uid, post: request.post.id });
      return {
        status: stored.existed ? 200 : 201,
        body: {
          id: request.post.id,
          path: `/blog/${request.post.id}`,
          status,
          publishedAt: stored.publishedAt.toISOString(),
        },
      };
    }
    case 'unpublish': {
      if (!(await unpublishBlogPost(db(), request.id))) throw new HttpError(404, POST_NOT_FOUND_MESSAGE);
      logger.info('write_blog_post.unpublished', { uid: editor.uid, post: request.id });
      return { body: { id: request.id, status: 'unpublished' } };
    }
  }
});
