// The demo blog posts: one HTML file per post in demo-posts/, and demo-posts/posts.json with what
// `npm run publish-post` takes as flags for each (id, cover, author, date). The HTML is shaped like real-world
// exports (JSON-LD in several forms, meta-only, bare fragments) so derivation is exercised on each path. Only
// what the publisher reads is written: the head's description and JSON-LD above the body, no document
// boilerplate (the parser supplies <html>/<head>/<body>); the-30-day-rule and the hostile post stay whole
// documents, so that path (and a head full of tricks) is covered too. Images are local files under
// web/public/blog so everything works offline; dates are fixed.
// `npm run demo-data` and the e2e tests publish them through the publisher's own steps (publishDemoPosts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import type { BlogPost } from '@bargains/model/blog';
import { buildBlogDocument, parsePublishOptions, type PublishOptions } from './publish';
import { storeBlogPost } from '../../functions/src/blog/post-writes';

/** A post as written: the derived fields (title, description, tags, read time) are added when it is stored. */
export type DemoBlogPost = Pick<BlogPost, 'id' | 'html_content' | 'coverImage' | 'author' | 'publishedAt'>;

/** The post whose body is a catalogue of XSS vectors; e2e tests open it and assert nothing runs. */
export const HOSTILE_POST_ID = 'hostile-html-test';

const DEMO_POSTS_DIR = join(__dirname, 'demo-posts');

const manifestSchema = z.strictObject({
  authors: z.record(z.string(), z.strictObject({ name: z.string(), avatar: z.string(), bio: z.string() })),
  posts: z.array(z.strictObject({ id: z.string(), cover: z.string(), author: z.string(), date: z.string() })),
});

interface DemoPostSource {
  options: PublishOptions & { date: Date };
  html: string;
}

/** Each post's HTML and its publish options, validated by the publisher's own rules (parsePublishOptions). */
function demoPostSources(): DemoPostSource[] {
  const manifest = manifestSchema.parse(
    JSON.parse(readFileSync(join(DEMO_POSTS_DIR, 'posts.json'), 'utf8')) as unknown,
  );
  return manifest.posts.map(({ id, cover, author, date }) => {
    const writer = manifest.authors[author];
    if (!writer) throw new Error(`demo post ${id}: unknown author '${author}'`);
    const file = join(DEMO_POSTS_DIR, `${id}.html`);
    const parsed = parsePublishOptions({
      file,
      id,
      cover,
      'author-name': writer.name,
      'author-avatar': writer.avatar,
      'author-bio': writer.bio,
      date,
    });
    if (!parsed.ok) throw new Error(`demo post ${id}: ${parsed.errors.join('; ')}`);
    const { options } = parsed;
    if (options.date === undefined) throw new Error(`demo post ${id}: a fixed date is required`);
    return { options: { ...options, date: options.date }, html: readFileSync(file, 'utf8') };
  });
}

export function demoBlogPosts(): DemoBlogPost[] {
  return demoPostSources().map(({ options, html }) => ({
    id: options.id,
    html_content: html,
    coverImage: options.cover,
    author: { name: options.authorName, avatar: options.authorAvatar, bio: options.authorBio },
    publishedAt: options.date,
  }));
}

/**
 * Publishes every demo post as `npm run publish-post` would, with its fixed date as both publication and update
 * time, except that bodies are stored as authored, not sanitized: the hostile post then exercises the sanitizing
 * at render time, on the server and in the browser.
 */
export async function publishDemoPosts(db: Firestore): Promise<number> {
  const sources = demoPostSources();
  for (const { options, html } of sources) {
    const dates = { publishedAt: options.date, updatedAt: options.date };
    const built = buildBlogDocument(html, options, dates, (asAuthored) => asAuthored);
    if ('error' in built) throw new Error(`demo post ${options.id}: ${built.error}`);
    await storeBlogPost(db, options.id, built.document, { requested: options.date, now: options.date });
  }
  return sources.length;
}
