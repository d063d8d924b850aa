// Pure helpers of the blog composer (docs/blog-composer.md): the draft a form holds, the snippets its toolbar
// inserts into the HTML body, and the checks on an image file before it is inlined.
import type { BlogPost } from '@bargains/model/blog';
import type { BlogDraftInput } from '@bargains/model/blog-draft';

export interface DraftForm {
  id: string;
  title: string;
  html: string;
  coverImage: string;
  /** Comma-separated, as typed. */
  tags: string;
  authorName: string;
  authorAvatar: string;
  authorBio: string;
}

export const EMPTY_DRAFT: DraftForm = {
  id: '',
  title: '',
  html: '',
  coverImage: '',
  tags: '',
  authorName: '',
  authorAvatar: '',
  authorBio: '',
};

/** A post id from a title: lowercase ASCII words joined by single hyphens (what /blog/{id} accepts). */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

export function draftInput(form: DraftForm): BlogDraftInput {
  return {
    id: form.id,
    title: form.title,
    html: form.html,
    coverImage: form.coverImage,
    tags: form.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
    author: { name: form.authorName, avatar: form.authorAvatar, bio: form.authorBio },
  };
}

/** A published post back in the form, to update it. */
export function formFromPost(post: BlogPost): DraftForm {
  return {
    id: post.id,
    title: post.title,
    html: post.html_content,
    coverImage: post.coverImage,
    tags: post.tags.join(', '),
    authorName: post.author.name,
    authorAvatar: post.author.avatar,
    authorBio: post.author.bio,
  };
}

export interface Edit {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

export interface Snippet {
  before: string;
  after: string;
  /** Used when nothing is selected, and then selected so that typing replaces it. */
  placeholder: string;
}

export const SNIPPETS = {
  heading: { before: '<h2>', after: '</h2>\n', placeholder: 'Section heading' },
  subheading: { before: '<h3>', after: '</h3>\n', placeholder: 'Subheading' },
  paragraph: { before: '<p>', after: '</p>\n', placeholder: 'Paragraph text' },
  bold: { before: '<strong>', after: '</strong>', placeholder: 'bold text' },
  link: { before: '<a href="https://">', after: '</a>', placeholder: 'link text' },
  list: {
    before: '<ul>\n  <li>',
    after: '</li>\n  <li>Second item</li>\n</ul>\n',
    placeholder: 'First item',
  },
  image: {
    before: '<img src="/blog/images/',
    after: '" alt="Describe the image" width="800" height="450">\n',
    placeholder: 'file.svg',
  },
} as const satisfies Record<string, Snippet>;

/** Wraps the selection (or a selected placeholder) of `edit.value` in `snippet`. */
export function insertSnippet(edit: Edit, snippet: Snippet): Edit {
  const selected = edit.value.slice(edit.selectionStart, edit.selectionEnd);
  const inner = selected === '' ? snippet.placeholder : selected;
  const start = edit.selectionStart + snippet.before.length;
  return {
    value: `${edit.value.slice(0, edit.selectionStart)}${snippet.before}${inner}${snippet.after}${edit.value.slice(edit.selectionEnd)}`,
    selectionStart: start,
    selectionEnd: start + inner.length,
  };
}

/**
 * Images from the editor's computer are inlined as data: URLs, the one image source besides site files that the
 * site's CSP (`img-src 'self' data:`) and the sanitizer accept (raster formats only). They count towards the
 * body's size limit, so they are kept small.
 */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const MAX_UPLOAD_IMAGE_BYTES = 300 * 1024;

export function uploadProblem(file: { type: string; size: number }): string | null {
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return 'Choose a PNG, JPEG, GIF or WebP image (SVG files go into web/public/blog/ and are used by their site path).';
  }
  if (file.size > MAX_UPLOAD_IMAGE_BYTES) {
    return `Choose an image of at most ${MAX_UPLOAD_IMAGE_BYTES / 1024} KB (it is stored inside the post).`;
  }
  return null;
}

/** The <img> for an inlined image; the alt text comes from the file name until the editor writes a better one. */
export function inlineImageTag(dataUrl: string, fileName: string): string {
  const alt = fileName
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_]+/g, ' ')
    .replace(/[<>"&]/g, '')
    .trim();
  return `<img src="${dataUrl}" alt="${alt || 'Image'}">\n`;
}
