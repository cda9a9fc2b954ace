/**
 * Draws the till's app icons (client/public/till-icon-192.png and till-icon-512.png, named by
 * client/public/till.webmanifest) from the shop's thistle logo (client/public/favicon.svg):
 * the thistle in white on the shop's purple, inside a scanner's four corner marks, everything
 * within the middle 80% so a launcher's mask never cuts it. Rendered by the same Chromium the
 * journeys use; run again after changing the logo:
 *
 *     node e2e/tools/till-icons.ts
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const publicDir = fileURLToPath(new URL('../../client/public/', import.meta.url));
const logo = readFileSync(`${publicDir}favicon.svg`, 'utf8');
// The logo's shapes (its viewBox is 0 0 40 40), recoloured white.
const shapes = logo
  .replace(/^[\s\S]*?<\/defs>/, '')
  .replace(/<\/svg>\s*$/, '')
  .replace(/fill="[^"]*"/g, 'fill="#ffffff"');
const corner = 'fill="none" stroke="#ffffff" stroke-width="3" stroke-linecap="round"';
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect width="100" height="100" fill="#6a2c91"/>
  <path d="M14 26 V14 H26" ${corner}/><path d="M74 14 H86 V26" ${corner}/>
  <path d="M86 74 V86 H74" ${corner}/><path d="M26 86 H14 V74" ${corner}/>
  <g transform="translate(25 25) scale(1.25)">${shapes}</g>
</svg>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH });
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<style>html,body{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
    await page.screenshot({ path: `${publicDir}till-icon-${size}.png`, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
  }
} finally {
  await browser.close();
}
