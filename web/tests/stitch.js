// A whole page's screenshot on an emulated phone, as a person sees it scrolling: one screenshot per
// screen, stitched into one PNG. Playwright's `fullPage` on Chromium drops the touch emulation while it
// captures (the page is drawn as for a mouse: `pointer: coarse` does not match then), so a touch screen's
// styles would be missing from it. The PNGs are Chromium's own (8-bit RGB or RGBA, not interlaced): the
// decoder reads only those.

import { writeFileSync } from 'node:fs';
import { crc32, deflateSync, inflateSync } from 'node:zlib';

/** @param {Buffer} png @returns {{width: number, height: number, bpp: number, rows: Buffer[]}} */
function decode(png) {
  let at = 8;
  let ihdr = null;
  const data = [];
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + len);
    if (type === 'IHDR') ihdr = body;
    if (type === 'IDAT') data.push(body);
    at += 12 + len;
  }
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  const [depth, color, , , interlace] = ihdr.subarray(8, 13);
  if (depth !== 8 || (color !== 2 && color !== 6) || interlace) throw new Error('not a screenshot PNG');
  const bpp = color === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * bpp;
  const rows = [];
  let prev = Buffer.alloc(stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let x = 0; x < stride; x += 1) {
      const a = x >= bpp ? line[x - bpp] : 0;
      const b = prev[x];
      const c = x >= bpp ? prev[x - bpp] : 0;
      let add = 0;
      if (filter === 1) add = a;
      else if (filter === 2) add = b;
      else if (filter === 3) add = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
        add = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      line[x] = (line[x] + add) & 0xff;
    }
    rows.push(line);
    prev = line;
  }
  return { width, height, bpp, rows };
}

/** @param {string} type @param {Buffer} body */
function chunk(type, body) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/** @param {number} width @param {number} bpp @param {Buffer[]} rows */
function encode(width, bpp, rows) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(rows.length, 4);
  ihdr.set([8, bpp === 4 ? 6 : 2, 0, 0, 0], 8);
  const raw = Buffer.concat(rows.flatMap((r) => [Buffer.from([0]), r]));
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * How much of a page a screenshot keeps, CSS px: about five phone screens, what a person reading the
 * screenshots looks at. The checks of a page read all of it in the page (small_screens.test.js's audit);
 * capturing a long page whole (a rules page is 13 000 px tall at 320 px) cost a test suite minutes of
 * Chromium's captures and of this module's decoding for pictures nobody scrolls through.
 */
export const MOST = 3000;

/**
 * Saves the page's top `most` CSS px at `path`, screen by screen from its top, then scrolls back where it
 * was. `also` saves shorter tops of the same capture: `[path, most]` each.
 * @param {import('playwright-core').Page} page
 * @param {string} path
 * @param {number} [most]
 * @param {[string, number][]} [also]
 */
export async function screenByScreen(page, path, most = MOST, also = []) {
  const { screen, ratio, was } = await page.evaluate(() => ({
    screen: window.innerHeight,
    ratio: window.devicePixelRatio,
    was: window.scrollY,
  }));
  const rows = [];
  let width = 0;
  let bpp = 3;
  let covered = 0; // CSS px of the page already in `rows`
  for (;;) {
    // Scrolled, then two frames drawn: the screenshot shows the page at its new place. The page's
    // height is read each time: a live page may grow or shrink while it is taken.
    const { at, height } = await page.evaluate(
      (y) =>
        new Promise((done) => {
          window.scrollTo(0, y);
          requestAnimationFrame(() =>
            requestAnimationFrame(() => done({ at: window.scrollY, height: document.documentElement.scrollHeight })),
          );
        }),
      covered,
    );
    if (covered > 0 && (covered >= Math.min(height, most) || at + screen <= covered)) break;
    const piece = decode(await page.screenshot());
    ({ width, bpp } = piece);
    rows.push(...piece.rows.slice(Math.round((covered - at) * ratio)));
    covered = at + screen;
  }
  await page.evaluate((y) => window.scrollTo(0, y), was);
  for (const [to, top] of [[path, most], ...also])
    writeFileSync(to, encode(width, bpp, rows.slice(0, Math.round(Math.min(top, most) * ratio))));
}
