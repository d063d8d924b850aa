// Data islands: the JSON a server-rendered page (render_blog, render_dashboard) hands to the web app in a
// `<script type="application/json">` element that never executes (the Content-Security-Policy allows no inline
// scripts). One encoding, one element and one decoding for every island.
// zod/mini, as in fields.ts: the page functions' bundles then hold only the zod they use.
import { safeParse, type infer as Infer, type ZodMiniType } from 'zod/mini';

/**
 * JSON inside a <script> data block (islands, JSON-LD): `<` is escaped so no `</script>` or `<!--` in the data can
 * end the element early (U+2028/2029 are valid in JSON and in HTML, so only `<` matters).
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The island element carrying `json` (from scriptSafeJson). */
export const islandElement = (id: string, json: string): string =>
  `<script type="application/json" id="${id}">${json}</script>`;

/** The island's text checked against `schema`, or null when it is not JSON or does not match. */
export function parseIslandJson<Schema extends ZodMiniType>(
  schema: Schema,
  text: string,
): Infer<Schema> | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = safeParse(schema, json);
  return parsed.success ? parsed.data : null;
}
