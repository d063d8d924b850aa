import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { BlogPost } from '@bargains/model/blog';
import { ApiError } from '@/lib/api-client';
import { previewBlogPost, publishBlogPost } from '../api/composer-api';
import { BlogComposer } from './BlogComposer';
import { EMPTY_DRAFT } from './draft';

jest.mock('@/lib/auth', () => ({ auth: { currentUser: null } }));
jest.mock('@/lib/auth-errors', () => ({ signOutIfSessionEnded: jest.fn() }));
jest.mock('../api/composer-api', () => ({
  previewBlogPost: jest.fn(),
  publishBlogPost: jest.fn(),
  unpublishBlogPost: jest.fn(),
}));
const mockPreview = jest.mocked(previewBlogPost);
const mockPublish = jest.mocked(publishBlogPost);

const draft = {
  ...EMPTY_DRAFT,
  id: 'pantry-week',
  title: 'A pantry week',
  html: '<h2>Plan</h2><p>Text.</p><script>window.__xss = 1</script><img src="/x.png" onerror="window.__xss = 2">',
  coverImage: '/blog/covers/meal-planning.svg',
  tags: 'Groceries',
  authorName: 'Demo Editor',
  authorAvatar: '/blog/avatars/maya-chen.svg',
  authorBio: 'Edits.',
};

const previewed: BlogPost = {
  id: 'pantry-week',
  title: 'A pantry week',
  // What the server answers: its sanitizer's output (this test checks the browser's pass too).
  html_content: draft.html,
  coverImage: draft.coverImage,
  author: { name: 'Demo Editor', avatar: draft.authorAvatar, bio: 'Edits.' },
  tags: ['Groceries'],
  description: 'Text.',
  readTimeMinutes: 1,
  publishedAt: new Date('2026-01-05T12:00:00Z'),
  updatedAt: new Date('2026-01-05T12:00:00Z'),
};

function renderComposer(initial = draft, existing = false) {
  render(
    <MemoryRouter>
      <BlogComposer initial={initial} existing={existing} />
    </MemoryRouter>,
  );
}

test('the preview draws the post with the reader components and the sanitizer, nothing unsafe kept', async () => {
  mockPreview.mockResolvedValue(previewed);
  renderComposer();
  await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
  const region = await screen.findByRole('region', { name: 'Preview' });
  expect(mockPreview).toHaveBeenCalledWith(
    expect.objectContaining({ id: 'pantry-week', tags: ['Groceries'] }),
  );
  expect(region.querySelector('h1')?.textContent).toBe('A pantry week');
  expect(region.querySelector('.blog-body h2')?.textContent).toBe('Plan');
  expect(region.querySelectorAll('script, [onerror]')).toHaveLength(0);
  // The tab keeps the composer's title.
  expect(document.title).toBe('Blog composer · Bargains');
});

test('the shared schema names mistakes before anything is sent', async () => {
  renderComposer({ ...draft, coverImage: 'https://tracker.example/c.png', authorName: '' });
  await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toMatch(/Cover image: must be a site path/);
  expect(alert.textContent).toMatch(/The author name must not be empty/);
  expect(mockPublish).not.toHaveBeenCalled();
});

test('publishing shows where the post is; a refusal shows the server message', async () => {
  mockPublish.mockResolvedValueOnce({
    id: 'pantry-week',
    path: '/blog/pantry-week',
    status: 'published',
    publishedAt: '2026-01-05T12:00:00.000Z',
  });
  renderComposer();
  await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
  const status = await screen.findByRole('status');
  expect(status.textContent).toMatch(/^Published: \/blog\/pantry-week\./);
  expect(screen.getByRole('button', { name: 'Unpublish' })).toBeTruthy();

  mockPublish.mockRejectedValueOnce(new ApiError('Editor access required', 403));
  await userEvent.click(screen.getByRole('button', { name: 'Update post' }));
  await expect(screen.findByRole('alert')).resolves.toHaveProperty('textContent', 'Editor access required');
});
