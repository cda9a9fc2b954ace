/**
 * Text drawn as SVG paths with the Inter font shipped by @fontsource/inter (SIL Open Font
 * License), laid out by fontkit: the picture looks the same on every machine, whatever fonts it
 * has (librsvg would otherwise pick a system font, or none).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';

let font: fontkit.Font | null = null;

function inter(): fontkit.Font {
  if (!font) {
    const file = fileURLToPath(import.meta.resolve('@fontsource/inter/files/inter-latin-700-normal.woff'));
    const opened = fontkit.create(readFileSync(file));
    if (!('layout' in opened)) throw new Error('Inter is a single font, not a collection');
    font = opened;
  }
  return font;
}

export interface TextPath {
  /** SVG path data, the baseline's start at (0, 0). */
  d: string;
  width: number;
}

/** Characters the font cannot draw are left out (a name in another script is not drawn as boxes). */
export function drawableText(text: string): string {
  const f = inter();
  return [...text.normalize('NFC')].filter((ch) => ch === ' ' || f.hasGlyphForCodePoint(ch.codePointAt(0)!)).join('').replace(/\s+/g, ' ').trim();
}

/** The text at `size` pixels as one path, and its advance width. */
export function textPath(text: string, size: number): TextPath {
  const f = inter();
  const run = f.layout(text);
  const k = size / f.unitsPerEm;
  let pen = 0;
  const parts: string[] = [];
  run.glyphs.forEach((glyph, i) => {
    const pos = run.positions[i]!;
    const d = glyph.path.scale(k, -k).translate((pen + pos.xOffset) * k, -pos.yOffset * k).toSVG();
    if (d) parts.push(d);
    pen += pos.xAdvance;
  });
  return { d: parts.join(''), width: pen * k };
}
