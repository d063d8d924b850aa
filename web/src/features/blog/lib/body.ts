// The post body as the page shows it: sanitized and tidied by the shared code (@bargains/model/blog-html), with this
// document's sanitizer.
import { prepareBlogBody as prepareWith } from '@bargains/model/contracts/blog-html';
import { blogPurifier } from './sanitize';

/** Sanitizes `html` and tidies it for display under the page's own title. */
export function prepareBlogBody(html: string): DocumentFragment {
  return prepareWith(blogPurifier(), html);
}
