// Escaping for the documents the blog function writes by hand (head tags, XML feeds).

/** Text or an attribute value in HTML or XML (the five characters with meaning in either). */
export function escapeMarkup(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** An absolute URL on the site for a site path or an absolute URL (covers may be either). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${origin}/`).href;
}
