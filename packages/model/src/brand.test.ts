// The palette the functions use (emails, unsubscribe pages) is the site's: same tokens, same values.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BRAND_COLORS, BRAND_FONT_SANS, BRAND_MARK_PATH_D } from './brand';

const repo = join(__dirname, '..', '..', '..');
const read = (path: string) => readFileSync(join(repo, path), 'utf8');
const css = read('web/src/styles/global.css');
const kebab = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const normalize = (value: string) => value.replace(/\s+/g, ' ').trim();

/** The value of a custom property declared in the stylesheet's :root (the first declaration). */
function token(name: string): string | undefined {
  const match = new RegExp(`${name}:\\s*([^;]+);`).exec(css);
  return match?.[1] === undefined ? undefined : normalize(match[1]);
}

describe('the brand constants agree with the web app', () => {
  it.each(Object.entries(BRAND_COLORS))('%s is the CSS token of the same name', (key, value) => {
    expect(token(`--color-${kebab(key)}`)).toBe(value);
  });

  it('uses the site font stack', () => {
    expect(token('--font-sans')).toBe(BRAND_FONT_SANS);
  });

  it("draws the header's mark, in the primary colour the favicon and the browser theme use", () => {
    expect(read('web/src/components/layout/BrandLogo.tsx')).toContain(`d="${BRAND_MARK_PATH_D}"`);
    expect(read('web/public/favicon.svg')).toContain(`fill="${BRAND_COLORS.primary}"`);
    expect(read('web/index.html')).toContain(`<meta name="theme-color" content="${BRAND_COLORS.primary}" />`);
  });
});
