import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { deriveBlogFields } from './derive';
import { HOSTILE_POST_ID, demoBlogPosts } from './demo-posts';

const publicDir = join(__dirname, '..', '..', 'web', 'public');
const posts = demoBlogPosts();

describe('demoBlogPosts', () => {
  it('has at least 13 ordinary posts plus the hostile one, with unique URL-safe ids', () => {
    const ids = posts.map((post) => post.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(HOSTILE_POST_ID);
    expect(ids.length).toBeGreaterThanOrEqual(14);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('publishes exactly the HTML files of demo-posts/, each listed once in posts.json', () => {
    const files = readdirSync(join(__dirname, 'demo-posts')).filter((file) => file.endsWith('.html'));
    expect(files.sort()).toEqual(posts.map((post) => `${post.id}.html`).sort());
  });

  it('is deterministic: fixed, distinct dates', () => {
    expect(demoBlogPosts()).toEqual(posts);
    const times = posts.map((post) => post.publishedAt.getTime());
    expect(times.every(Number.isFinite)).toBe(true);
    expect(new Set(times).size).toBe(times.length);
  });

  it('references only images that exist under web/public', () => {
    for (const post of posts) {
      const paths = [post.coverImage, post.author.avatar];
      for (const match of post.html_content.matchAll(/src="(\/blog\/images\/[^"]+)"/g)) {
        if (match[1] && !match[1].includes('does-not-exist')) paths.push(match[1]);
      }
      for (const path of paths) {
        expect(path.startsWith('/blog/')).toBe(true);
        expect([path, existsSync(join(publicDir, path))]).toEqual([path, true]);
      }
    }
  });

  it('derives a title, a description and a read time for every post', () => {
    for (const post of posts) {
      const derived = deriveBlogFields(post.html_content);
      expect([post.id, derived.title.length > 0, derived.description.length > 0]).toEqual([
        post.id,
        true,
        true,
      ]);
      expect(derived.readTimeMinutes).toBeGreaterThanOrEqual(1);
    }
  });

  it('covers every derivation path: JSON-LD object, array, @graph, nested, broken, meta and paragraph', () => {
    const html = posts.map((post) => post.html_content);
    expect(html.some((h) => h.includes('"@graph"'))).toBe(true);
    expect(html.some((h) => /application\/ld\+json">\s*\[/.test(h))).toBe(true);
    expect(html.some((h) => h.includes('"mainEntity"'))).toBe(true);
    expect(html.some((h) => h.includes('"headline":"Broken JSON-LD never wins",}'))).toBe(true);
    expect(html.some((h) => h.includes('<meta name="description"') && !h.includes('ld+json'))).toBe(true);
    expect(html.some((h) => !h.includes('<meta name="description"') && !h.includes('ld+json'))).toBe(true);
    for (const element of [
      '<table>',
      '<pre><code>',
      '<blockquote>',
      '<ol>',
      '<ul>',
      '<img ',
      'class="tag"',
    ]) {
      expect([element, html.some((h) => h.includes(element))]).toEqual([element, true]);
    }
  });

  it('the broken JSON-LD post falls back to its h1', () => {
    const post = posts.find((candidate) => candidate.id === 'reading-was-now-prices');
    expect(deriveBlogFields(post?.html_content ?? '').title).toBe('How to Read a “Was/Now” Price Tag');
  });
});
