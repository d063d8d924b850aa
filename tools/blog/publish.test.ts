import {
  DEFAULT_EMULATOR_HOST,
  MAX_HTML_BYTES,
  buildBlogDocument,
  choosePublishedAt,
  parsePublishOptions,
  resolvePublishTarget,
} from './publish';
import { serverBlogHtml, type ServerBlogHtml } from '../../functions/src/blog/server-dom';

const validArgs = {
  file: 'post.html',
  id: 'my-post',
  cover: '/blog/covers/waiting-rule.svg',
  'author-name': 'Maya Chen',
  'author-avatar': '/blog/avatars/maya-chen.svg',
  'author-bio': 'Writes about savings.',
};

function errorsFor(raw: Record<string, string | boolean | undefined>): string[] {
  const result = parsePublishOptions(raw);
  return result.ok ? [] : result.errors;
}

describe('parsePublishOptions', () => {
  it('accepts a complete set of flags and maps them to options', () => {
    const result = parsePublishOptions({ ...validArgs, date: '2025-05-01', emulator: true, 'dry-run': true });
    expect(result).toEqual({
      ok: true,
      options: {
        file: 'post.html',
        id: 'my-post',
        cover: '/blog/covers/waiting-rule.svg',
        authorName: 'Maya Chen',
        authorAvatar: '/blog/avatars/maya-chen.svg',
        authorBio: 'Writes about savings.',
        date: new Date('2025-05-01T00:00:00Z'),
        emulator: true,
        dryRun: true,
      },
    });
  });

  it('stores author name and bio as plain text: control characters become spaces', () => {
    const result = parsePublishOptions({
      ...validArgs,
      'author-name': ' Maya\u0007Chen\u001b[31m ',
      'author-bio': 'Line one\r\nline\u0000two\u0085',
    });
    expect(result).toMatchObject({
      ok: true,
      options: { authorName: 'Maya Chen [31m', authorBio: 'Line one line two' },
    });
  });

  it('keeps the offset of a full ISO date-time', () => {
    const result = parsePublishOptions({ ...validArgs, date: '2025-05-01T09:30:00+02:00' });
    expect(result.ok && result.options.date?.toISOString()).toBe('2025-05-01T07:30:00.000Z');
  });

  it('names every missing flag', () => {
    const errors = errorsFor({});
    for (const flag of ['--file', '--id', '--cover', '--author-name', '--author-avatar', '--author-bio']) {
      expect([flag, errors.some((error) => error.startsWith(flag))]).toEqual([flag, true]);
    }
  });

  it.each([
    ['id', 'My Post', '--id must be lowercase'],
    ['id', '../users/x', '--id must be lowercase'],
    ['cover', 'javascript:alert(1)', '--cover must be a site path'],
    ['cover', '//evil.example/x.png', '--cover must be a site path'],
    ['author-avatar', 'http://insecure.example/a.png', '--author-avatar must be a site path'],
    ['author-avatar', 'https://cdn.example.com/a.png', '--author-avatar must be a site path'],
    ['cover', 'https://cdn.example.com/cover.jpg', '--cover must be a site path'],
    ['cover', '/\\evil.example/x.png', '--cover must be a site path'],
    ['date', '01/05/2025', '--date must be a date'],
    ['date', '2025-02-30', '--date must be a date'],
    ['project', 'Bad_Project', '--project must be a Firebase project id'],
    ['author-bio', '   ', '--author-bio must not be empty'],
    ['author-name', '\u0007\u001b ', '--author-name must not be empty'],
  ])('rejects --%s %j', (flag, value, message) => {
    const errors = errorsFor({ ...validArgs, [flag]: value });
    expect(errors.some((error) => error.startsWith(message))).toBe(true);
  });
});

describe('resolvePublishTarget', () => {
  it('uses FIRESTORE_EMULATOR_HOST when it is set, even with --project', () => {
    expect(
      resolvePublishTarget(
        { emulator: false, project: 'real-project' },
        { FIRESTORE_EMULATOR_HOST: 'localhost:9000' },
      ),
    ).toEqual({
      kind: 'emulator',
      host: 'localhost:9000',
      projectId: 'real-project',
    });
  });

  it('defaults --emulator to the local emulator and the demo project', () => {
    expect(resolvePublishTarget({ emulator: true }, {})).toEqual({
      kind: 'emulator',
      host: DEFAULT_EMULATOR_HOST,
      projectId: 'demo-bargains',
    });
  });

  it('targets a real project only when asked, and explains what is missing otherwise', () => {
    expect(resolvePublishTarget({ emulator: false, project: 'my-project' }, {})).toEqual({
      kind: 'project',
      projectId: 'my-project',
    });
    expect(resolvePublishTarget({ emulator: false }, {})).toEqual({
      error: expect.stringContaining('--project'),
    });
  });
});

describe('buildBlogDocument', () => {
  const author = { cover: '/c.svg', authorName: 'A', authorAvatar: '/a.svg', authorBio: 'Bio' };
  const dates = {
    publishedAt: new Date('2025-05-01T00:00:00Z'),
    updatedAt: new Date('2025-06-01T00:00:00Z'),
  };
  let html: ServerBlogHtml;
  beforeAll(async () => {
    html = await serverBlogHtml('https://publisher.invalid');
  });
  const build = (source: string) => buildBlogDocument(source, author, dates, (raw) => html.sanitize(raw));

  it('refuses body images and media from other hosts, naming each, and accepts site and data: images', () => {
    const result = build(
      '<h1>T</h1><img src="https://cdn.example/a.png"><picture><source srcset="/ok.png 1x, //cdn.example/b.png 2x"></picture>' +
        '<video poster="http://cdn.example/c.jpg"></video><img src="/\\evil.example/d.png">',
    );
    expect(result).toEqual({ error: expect.stringContaining('Body images must be a site path') });
    const message = 'error' in result ? result.error : '';
    for (const url of [
      'https://cdn.example/a.png',
      '//cdn.example/b.png',
      'http://cdn.example/c.jpg',
      '/\\evil.example/d.png',
    ])
      expect([url, message.includes(url)]).toEqual([url, true]);
    expect(message).not.toContain('/ok.png');

    expect(
      build(
        '<h1>T</h1><img src="/blog/images/a.svg"><img src="relative.png"><img src="data:image/png;base64,AAAA">',
      ),
    ).toHaveProperty('document');
    // Links to other sites load nothing: they stay (the sanitizer opens them in a new tab).
    expect(build('<h1>T</h1><a href="https://elsewhere.example/">out</a>')).toHaveProperty('document');
  });

  it('stores the sanitized HTML with the plain-text fields derived from the original', () => {
    const source =
      '<script type="application/ld+json">{"@type":"BlogPosting","headline":"Save <b>more</b>"}</script>' +
      '<h1>Heading</h1><p onclick="steal()">Short intro.<img src=x onerror=alert(1)></p><span class="tag">Budget</span>';
    expect(build(source)).toEqual({
      document: {
        html_content:
          '<h1>Heading</h1><p>Short intro.<img src="x" loading="lazy" decoding="async"></p><span class="tag">Budget</span>',
        coverImage: '/c.svg',
        author: { name: 'A', avatar: '/a.svg', bio: 'Bio' },
        ...dates,
        title: 'Save more',
        description: 'Short intro.',
        tags: ['Budget'],
        readTimeMinutes: 1,
      },
    });
  });

  it('refuses empty, oversized and untitled files', () => {
    expect(build('  \n')).toEqual({ error: 'The HTML file is empty.' });
    expect(build(`<h1>x</h1>${'a'.repeat(MAX_HTML_BYTES)}`)).toEqual({
      error: expect.stringContaining('limit'),
    });
    expect(build('<p>No heading</p>')).toEqual({
      error: expect.stringContaining('title'),
    });
  });
});

describe('choosePublishedAt', () => {
  const now = new Date('2025-06-01T00:00:00Z');
  const existing = new Date('2025-01-01T00:00:00Z');
  const requested = new Date('2025-03-01T00:00:00Z');

  it('prefers the requested date, then the existing one, then now', () => {
    expect(choosePublishedAt(requested, existing, now)).toBe(requested);
    expect(choosePublishedAt(undefined, existing, now)).toBe(existing);
    expect(choosePublishedAt(undefined, undefined, now)).toBe(now);
  });
});
