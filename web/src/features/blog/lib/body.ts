// Presentation fixes for a sanitized post body. The page renders the title itself, so a heading that opens
// the body would show it twice; the remaining <h1>s become <h2>s so the page keeps one top-level heading.
// Tables get a scrolling wrapper so a wide one never widens the page on a phone.
import { sanitizeBlogFragment } from './sanitize';

/** True when no readable text or image comes before `element` inside `root`. */
function isLeading(root: DocumentFragment, element: Element): boolean {
  const range = document.createRange();
  range.setStart(root, 0);
  range.setEndBefore(element);
  const before = range.cloneContents();
  return (before.textContent ?? '').trim() === '' && before.querySelector('img') === null;
}

/** Removes `element`, then any wrapper it leaves without text or images (an emptied <header>, say). */
function removeWithEmptyWrappers(element: Element) {
  let parent = element.parentElement;
  element.remove();
  while (parent && (parent.textContent ?? '').trim() === '' && parent.querySelector('img') === null) {
    const next = parent.parentElement;
    parent.remove();
    parent = next;
  }
}

function demoteToH2(heading: Element) {
  const replacement = document.createElement('h2');
  for (const attribute of Array.from(heading.attributes))
    replacement.setAttribute(attribute.name, attribute.value);
  replacement.append(...Array.from(heading.childNodes));
  heading.replaceWith(replacement);
}

/** Sanitizes `html` and tidies it for display under the page's own title. */
export function prepareBlogBody(html: string): DocumentFragment {
  const body = sanitizeBlogFragment(html);
  const firstHeading = body.querySelector('h1');
  if (firstHeading && isLeading(body, firstHeading)) removeWithEmptyWrappers(firstHeading);
  for (const heading of Array.from(body.querySelectorAll('h1'))) demoteToH2(heading);
  for (const table of Array.from(body.querySelectorAll('table'))) {
    const wrapper = document.createElement('div');
    wrapper.className = 'blog-table-scroll';
    table.replaceWith(wrapper);
    wrapper.append(table);
  }
  return body;
}
