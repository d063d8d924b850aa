// A page's floor: the same HTML with every script taken out, served from the same origin, so the bench can tell
// what the page's JavaScript costs on this machine, in this run, apart from what the HTML, the styles and the
// network cost anyway.

/** Script elements (any type, with their content) and the links that only fetch scripts or workers early. */
const SCRIPT_ELEMENT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const LINK_ELEMENT = /<link\b[^>]*>/gi;
const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(1).find(Boolean);

function fetchesScript(link: string): boolean {
  const rel = (attribute(link, 'rel') ?? '').toLowerCase().split(/\s+/);
  if (rel.includes('modulepreload')) return true;
  const as = (attribute(link, 'as') ?? '').toLowerCase();
  return rel.includes('preload') && (as === 'script' || as === 'worker');
}

/** The HTML without scripts: everything else (markup, styles, images, fonts) stays byte for byte. */
export function stripScripts(html: string): string {
  return html.replace(SCRIPT_ELEMENT, '').replace(LINK_ELEMENT, (link) => (fetchesScript(link) ? '' : link));
}

/** Where a floor is written in the served build folder, and the clean URL Hosting serves it at. */
export function floorFile(route: string): { file: string; path: string } {
  const name = route.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home';
  return { file: `__floor/${name}.html`, path: `/__floor/${name}` };
}
