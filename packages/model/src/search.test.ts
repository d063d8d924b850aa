import {
  foldText,
  matchesSearchRest,
  MAX_SEARCH_TERMS,
  parseSearchText,
  SEARCH_TERM_MAX_LENGTH,
  searchTermsOf,
  searchWords,
} from './search';

describe('searchTermsOf', () => {
  it('stores every prefix of 2+ characters, so "he" and "head" find "Headphones"', () => {
    const terms = searchTermsOf(['Headphones']);
    expect(terms).toEqual(expect.arrayContaining(['he', 'hea', 'head', 'headphones']));
    expect(terms).not.toContain('h');
    expect(terms).not.toContain('phones');
  });

  it('folds case and accents: "Crème Brûlée Café" is found by "creme", "brulee" and "CAFE"', () => {
    const terms = searchTermsOf(['Crème Brûlée Café']);
    for (const typed of ['creme', 'brulee', 'CAFE']) {
      const { term } = parseSearchText(typed);
      expect(term).not.toBeNull();
      expect(terms).toContain(term);
    }
    expect(foldText('ÉTÉ Ñandú Øre ﬁne')).toBe('ete nandu øre fine');
  });

  it('splits on punctuation and drops apostrophes', () => {
    expect(searchWords("Noise-cancelling, 4K/HDR! children's (kids)")).toEqual([
      'noise',
      'cancelling',
      '4k',
      'hdr',
      'childrens',
      'kids',
    ]);
    expect(searchTermsOf(['$10 off $50+'])).toEqual(['10', 'of', 'off', '50']);
  });

  it('indexes non-Latin words: Cyrillic and Greek by word, Chinese runs as one word', () => {
    const terms = searchTermsOf(['Скидка на наушники', 'Ελληνικά προϊόντα', '耳机特价']);
    expect(terms).toEqual(
      expect.arrayContaining(['ск', 'скидка', 'наушники', 'ελ', 'προιοντα', '耳机', '耳机特价']),
    );
    expect(parseSearchText('НАУШ').term).toBe('науш');
  });

  it('caps very long text: words at 20 characters, the whole list at MAX_SEARCH_TERMS, title words first', () => {
    const longWord = 'a'.repeat(60);
    expect(searchTermsOf([longWord])).toHaveLength(SEARCH_TERM_MAX_LENGTH - 1);
    const description = Array.from({ length: 500 }, (_, i) => `word${i}xyz`).join(' ');
    const terms = searchTermsOf(['Headphones', 'Sound Shop', description]);
    expect(terms).toHaveLength(MAX_SEARCH_TERMS);
    expect(terms).toEqual(expect.arrayContaining(['headphones', 'sound', 'shop']));
  });

  it('returns nothing for text without letters or digits', () => {
    expect(searchTermsOf(['', '  ', '!!! — …'])).toEqual([]);
  });
});

describe('parseSearchText', () => {
  it('queries the longest word and narrows by the others', () => {
    expect(parseSearchText('  Sony  headphones ')).toEqual({ term: 'headphones', rest: ['sony'] });
  });

  it('ignores one-letter words and empty input', () => {
    expect(parseSearchText('a b')).toEqual({ term: null, rest: [] });
    expect(parseSearchText('')).toEqual({ term: null, rest: [] });
    expect(parseSearchText('x tv')).toEqual({ term: 'tv', rest: [] });
  });

  it('clips typed words to the stored prefix length, so a very long word still matches', () => {
    const word = 'supercalifragilisticexpialidocious';
    expect(searchTermsOf([word])).toContain(parseSearchText(word).term);
  });

  it('narrows a page by the other words with the same folding', () => {
    const terms = searchTermsOf(['Sony Headphones', 'Sound Shop', '']);
    expect(matchesSearchRest(terms, parseSearchText('head SÖN').rest)).toBe(true);
    expect(matchesSearchRest(terms, parseSearchText('head bose').rest)).toBe(false);
  });
});
