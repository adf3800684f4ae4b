// Draws the site's icon (web/app/favicon.svg) at 192 and 512 pixels in Chromium, on the manifest's
// background colour with a margin (a home screen may crop an icon to a circle), and writes
// web/app/icon-192.png and web/app/icon-512.png. Run once when the favicon changes:
//   node web/tests/icons.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, launch } from './harness.js';

const svg = readFileSync(join(ROOT, 'web/app/favicon.svg'), 'utf8');
const { background_color: background } = JSON.parse(readFileSync(join(ROOT, 'web/app/manifest.webmanifest'), 'utf8'));
const browser = await launch();
for (const size of [192, 512]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const inner = Math.round(size * 0.8);
  await page.setContent(
    `<body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;background:${background}">` +
      svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `) +
      '</body>',
  );
  await page.screenshot({ path: join(ROOT, `web/app/icon-${size}.png`) });
  await page.close();
}
await browser.close();
