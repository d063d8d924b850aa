// The product's look outside the web app (emails, the unsubscribe pages the functions serve): the site's palette,
// fonts, name and mark. The web app's own source is its CSS tokens (web/src/styles/global.css); brand.test.ts
// holds the two together, so an email can never drift to another brand's colour again.

export const BRAND_NAME = 'Bargains';

/** The site's colour tokens (`--color-<kebab-case of the key>` in global.css), same values. */
export const BRAND_COLORS = {
  bg: '#f8fafc',
  surface: '#ffffff',
  surfaceMuted: '#f1f5f9',
  text: '#0f172a',
  textMuted: '#475569',
  border: '#e2e8f0',
  primary: '#0f766e',
  primaryHover: '#115e59',
  primarySoft: '#ccfbf1',
  primaryTint: '#f0fdfa',
  danger: '#b91c1c',
  success: '#15803d',
  focus: '#1d4ed8',
} as const;

/** The site's `--font-sans`. */
export const BRAND_FONT_SANS =
  "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/** The mark as a PNG for mail clients (SVG is not shown by most), drawn from favicon.svg (web/public/). */
export const BRAND_MARK_PNG_PATH = '/brand-mark.png';

/** The path of the mark's "B" as the site header draws it (web/src/components/layout/BrandLogo.tsx). */
export const BRAND_MARK_PATH_D = 'M10 8.5h7.5a4.25 4.25 0 0 1 0 8.5H10zM10 17h8.5a4.25 4.25 0 0 1 0 8.5H10z';

/** The mark as inline SVG, `size` CSS pixels square (pages; mail clients get the PNG). */
export const brandMarkSvg = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8" fill="${BRAND_COLORS.primary}"/><path d="${BRAND_MARK_PATH_D}" fill="none" stroke="#fff" stroke-width="2.6" stroke-linejoin="round"/></svg>`;
