/// <reference types="node" />

// The shop monogram is white text on a background whose hue comes from the shop (lib/card-text.ts monogramHue: a
// whole degree, 0–359). Lighthouse's accessibility audit found HSL's yellows too light (4.45:1 at hue 69), so the rule is
// checked here at every hue, from the stylesheet itself: WCAG AA contrast (4.5:1 for 14 px bold text) and a colour
// inside sRGB, which every screen shows as computed here instead of clipping it to something lighter.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  contrast_ratio_wcag_2_1 as contrastRatio,
  gam_sRGB as gammaEncodeSrgb,
  inGamut,
  OKLab_to_XYZ as oklabToXyz,
  OKLCH_to_OKLab as oklchToOklab,
  XYZ_to_lin_sRGB as xyzToLinearSrgb,
} from '@csstools/color-helpers';

const WCAG_AA_TEXT = 4.5;
const WHITE: [number, number, number] = [1, 1, 1];

function monogramRule(): string {
  const css = readFileSync(join(__dirname, 'dashboard.css'), 'utf8');
  const rule = /\.deal-card__monogram\s*\{([^}]*)\}/.exec(css)?.[1];
  if (rule === undefined) throw new Error('dashboard.css has no .deal-card__monogram rule');
  return rule;
}

/** Lightness (0–1) and chroma of `background: oklch(L% C var(--monogram-hue, …))`. */
function monogramBackground(rule: string): { lightness: number; chroma: number } {
  const match = /background:\s*oklch\(\s*([\d.]+)%\s+([\d.]+)\s+var\(--monogram-hue\b[^)]*\)\s*\)/.exec(rule);
  if (!match)
    throw new Error(`expected background: oklch(L% C var(--monogram-hue, …)), found: ${rule.trim()}`);
  return { lightness: Number(match[1]) / 100, chroma: Number(match[2]) };
}

const srgbOf = (lightness: number, chroma: number, hue: number) =>
  gammaEncodeSrgb(xyzToLinearSrgb(oklabToXyz(oklchToOklab([lightness, chroma, hue]))));

describe('deal card monogram colours', () => {
  const rule = monogramRule();
  const { lightness, chroma } = monogramBackground(rule);
  const hues = Array.from({ length: 360 }, (_, hue) => hue);

  it('draws the letters in white', () => {
    expect(rule).toMatch(/(^|;)\s*color:\s*#fff\s*;/);
  });

  it('keeps white letters at AA contrast on every hue', () => {
    const tooLight = hues.filter(
      (hue) => contrastRatio(WHITE, srgbOf(lightness, chroma, hue)) < WCAG_AA_TEXT,
    );
    expect(tooLight).toEqual([]);
  });

  it('stays inside sRGB at every hue', () => {
    expect(hues.filter((hue) => !inGamut(srgbOf(lightness, chroma, hue)))).toEqual([]);
  });
});
