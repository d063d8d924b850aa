// The post body the server rendered, kept by api/island.ts when it reads the island (before the app replaces the
// page) and handed to BlogBody once. No imports: the server renderer bundles BlogBody without the island parser.
let serverBody: { html: string; nodes: Node[] } | null = null;

export function keepServerBody(html: string, nodes: Node[]): void {
  serverBody = { html, nodes };
}

/**
 * The nodes of the post body the server rendered for `html`, once: the app moves them into its own body instead
 * of sanitizing the same HTML again on the phone's CPU. They are the page's own markup, already sanitized by the
 * server with the same allow-list and parsed by the browser like the rest of the page.
 */
export function takeServerBody(html: string): Node[] | null {
  if (serverBody === null || serverBody.html !== html) return null;
  const { nodes } = serverBody;
  serverBody = null;
  return nodes;
}
