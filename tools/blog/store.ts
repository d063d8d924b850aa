// The write half of publishing lives next to the composer's function (functions/src/blog/post-writes.ts), so the
// ops command and the browser composer store posts the same way; this path stays for the scripts that import it.
export { storeBlogPost, unpublishBlogPost, type StoredPost } from '../../functions/src/blog/post-writes';
