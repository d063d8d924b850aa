// What in a piece of HTML could still run script or navigate to it once it is in a page. Used to check the
// blog's sanitizing wherever it happens: publisher, server render, browser (web/src/features/blog/lib).
const DANGEROUS_TAGS = new Set([
  'script', 'iframe', 'frame', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'style', 'link',
  'meta', 'base', 'svg', 'math', 'template', 'noscript',
]); // prettier-ignore
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'xlink:href',
  'action',
  'formaction',
  'poster',
  'background',
  'srcset',
]);

/** Every element and attribute under `root` that could execute or load script, described for a failure message. */
export function executableMarkupIn(root: ParentNode): string[] {
  const found: string[] = [];
  for (const element of Array.from(root.querySelectorAll('*'))) {
    const tag = element.localName;
    if (DANGEROUS_TAGS.has(tag)) found.push(`<${tag}>`);
    for (const { name, value } of Array.from(element.attributes)) {
      if (name.startsWith('on')) found.push(`${tag}[${name}]`);
      if (name === 'style' || name === 'srcdoc') found.push(`${tag}[${name}]`);
      const compact = value.replace(/[\s\p{Cc}]/gu, '').toLowerCase();
      if (
        URL_ATTRIBUTES.has(name) &&
        /^(javascript|vbscript|data:(?!image\/(png|jpe?g|gif|webp|avif);))/.test(compact)
      ) {
        found.push(`${tag}[${name}=${value}]`);
      }
    }
  }
  return found;
}
