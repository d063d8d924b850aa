// Draws the raster copies of the brand mark into web/public/ with Chromium: favicon.ico (16, 32 and 48 px, from
// favicon.svg: browsers ask for /favicon.ico on pages that name no icon) and brand-mark.png (64 px, the site
// header's mark for emails, where SVG is not shown). Run after changing the mark: `node --import tsx
// scripts/brand-icons.ts`; packages/model/src/brand.test.ts checks the drawings the copies come from.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { brandMarkSvg } from '@bargains/model/brand';

const publicDir = join(__dirname, '..', 'web', 'public');

async function png(page: Page, svg: string, size: number): Promise<Buffer> {
  await page.setViewportSize({ width: size, height: size });
  const sized = svg.replace('<svg ', `<svg style="display:block;width:${size}px;height:${size}px" `);
  await page.setContent(`<!doctype html><body style="margin:0">${sized}</body>`);
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}

/** An ICO file whose images are PNGs (supported by every browser that still asks for /favicon.ico). */
function ico(images: ReadonlyArray<{ size: number; data: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0); // width (0 means 256)
    entry.writeUInt8(size % 256, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ data }) => data)]);
}

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    const favicon = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
    const images = [];
    for (const size of [16, 32, 48]) images.push({ size, data: await png(page, favicon, size) });
    writeFileSync(join(publicDir, 'favicon.ico'), ico(images));
    writeFileSync(join(publicDir, 'brand-mark.png'), await png(page, brandMarkSvg(64), 64));
    console.log('web/public/favicon.ico and web/public/brand-mark.png written');
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error('brand-icons failed', error);
  process.exit(1);
});
