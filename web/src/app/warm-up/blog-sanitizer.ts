// A warm-up module (app/routes.tsx): importing it evaluates DOMPurify and the blog's allow-list, which a post's page
// needs to show a body the server did not draw.
export { blogPurifier } from '@/features/blog/lib/sanitize';
