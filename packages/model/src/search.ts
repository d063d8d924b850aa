// Keyword search without a search engine: at write time buildDealDoc stores `search_terms`, every prefix (2 to
// SEARCH_TERM_MAX_LENGTH characters) of every word of the title, the shop name and the description, folded to
// lower case without accents. A query matches one term with `array-contains` (the most selective word the
// user typed, i.e. the longest); the other words narrow the page on the client with the same folding.
//
// Limits (documented in docs/data-model.md): prefixes only ("phones" does not find "Headphones"), words are split on
// anything that is not a letter or digit (so scripts without spaces, e.g. Chinese, index a whole run as one
// word), words longer than SEARCH_TERM_MAX_LENGTH match on their first 20 characters, and at most
// MAX_SEARCH_TERMS terms are kept (title and shop words first, so a long description cannot push them out).

export const SEARCH_TERM_MIN_LENGTH = 2;
export const SEARCH_TERM_MAX_LENGTH = 20;
/** Each term is an index entry in every search index: 250 × 32 indexes stays far below Firestore's 40,000. */
export const MAX_SEARCH_TERMS = 250;
/** Longest search text the dashboard accepts (longer input is cut). */
export const MAX_SEARCH_TEXT_LENGTH = 100;

/** Lower case, accents removed ("Crème Brûlée" → "creme brulee"), compatibility forms unified (ﬁ → fi). */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The folded words of a text: runs of letters and digits, apostrophes dropped ("children's" → "childrens"). */
export function searchWords(text: string): string[] {
  return (
    foldText(text)
      .replace(/['’]/g, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Every stored prefix of one word (none for a one-character word). */
function prefixesOf(word: string): string[] {
  const prefixes: string[] = [];
  const chars = Array.from(word);
  const longest = Math.min(chars.length, SEARCH_TERM_MAX_LENGTH);
  for (let length = SEARCH_TERM_MIN_LENGTH; length <= longest; length++) {
    prefixes.push(chars.slice(0, length).join(''));
  }
  return prefixes;
}

/** The `search_terms` of a deal: prefixes of the words of each text, in priority order, deduplicated and capped. */
export function searchTermsOf(texts: readonly string[]): string[] {
  const terms = new Set<string>();
  for (const text of texts) {
    for (const word of searchWords(text)) {
      for (const prefix of prefixesOf(word)) {
        if (terms.size >= MAX_SEARCH_TERMS) return [...terms];
        terms.add(prefix);
      }
    }
  }
  return [...terms];
}

/** What a typed search becomes: one term for the query, the other words for narrowing the page. */
export interface SearchQuery {
  /** The term the query matches with array-contains; null when nothing searchable was typed. */
  term: string | null;
  /** Further folded words (each at most SEARCH_TERM_MAX_LENGTH long) every result must also start a word with. */
  rest: string[];
}

const clip = (word: string) => Array.from(word).slice(0, SEARCH_TERM_MAX_LENGTH).join('');

/** Folds the typed text; one-character words are ignored (they are not stored as terms). */
export function parseSearchText(text: string): SearchQuery {
  const words = [
    ...new Set(
      searchWords(text.slice(0, MAX_SEARCH_TEXT_LENGTH))
        .filter((word) => Array.from(word).length >= SEARCH_TERM_MIN_LENGTH)
        .map(clip),
    ),
  ];
  if (words.length === 0) return { term: null, rest: [] };
  // The longest word has the fewest matching deals, so its page holds the most results for the other words.
  const term = words.reduce((longest, word) => (word.length > longest.length ? word : longest));
  return { term, rest: words.filter((word) => word !== term) };
}

/** True when every `rest` word of the search is one of the deal's terms (the query already matched `term`). */
export function matchesSearchRest(terms: readonly string[], rest: readonly string[]): boolean {
  if (rest.length === 0) return true;
  const set = new Set(terms);
  return rest.every((word) => set.has(word));
}
