import { blogDraftSchema } from '@bargains/model/blog-draft';
import {
  draftInput,
  EMPTY_DRAFT,
  inlineImageTag,
  insertSnippet,
  SNIPPETS,
  slugFromTitle,
  uploadProblem,
} from './draft';

test('a title becomes a post address the function accepts', () => {
  expect(slugFromTitle('  Crème brûlée: 5 tips — for 2026!  ')).toBe('creme-brulee-5-tips-for-2026');
  expect(blogDraftSchema.shape.id.safeParse(slugFromTitle('Crème brûlée: 5 tips')).success).toBe(true);
});

test('the toolbar wraps the selection, or inserts a selected placeholder', () => {
  const wrapped = insertSnippet(
    { value: 'Say hello now', selectionStart: 4, selectionEnd: 9 },
    SNIPPETS.bold,
  );
  expect(wrapped).toEqual({ value: 'Say <strong>hello</strong> now', selectionStart: 12, selectionEnd: 17 });
  const inserted = insertSnippet({ value: '', selectionStart: 0, selectionEnd: 0 }, SNIPPETS.heading);
  expect(inserted.value).toBe('<h2>Section heading</h2>\n');
  expect(inserted.value.slice(inserted.selectionStart, inserted.selectionEnd)).toBe('Section heading');
});

test('tags are split on commas; the input matches the shared schema', () => {
  const input = draftInput({ ...EMPTY_DRAFT, tags: ' Groceries, , Energy ' });
  expect(input.tags).toEqual(['Groceries', 'Energy']);
});

test('only small raster images are inlined, with markup-free alt text', () => {
  expect(uploadProblem({ type: 'image/svg+xml', size: 10 })).toMatch(/PNG, JPEG, GIF or WebP/);
  expect(uploadProblem({ type: 'image/png', size: 10 * 1024 * 1024 })).toMatch(/at most 300 KB/);
  expect(uploadProblem({ type: 'image/webp', size: 1000 })).toBeNull();
  expect(inlineImageTag('data:image/png;base64,AAAA', 'my_"chart"<x>.png')).toBe(
    '<img src="data:image/png;base64,AAAA" alt="my chartx">\n',
  );
});
