/**
 * A scene drawn as one SVG document: the setting's background (a restaurant table, a spa pool,
 * a studio backdrop, a Highland loch…), the thing sold large in the middle, what goes with it at
 * its sides, and the merchant's name on a plaque at the bottom left (clear of the discount badge
 * and the wishlist heart that cards put in the top corners). Deterministic: the scene's seed
 * picks the palette and every small variation.
 */
import { mulberry32 } from '@shop/platform/random';
import { loadEmoji, type Emoji } from './noto.ts';
import { drawableText, textPath } from './label.ts';
import { SCENE_HEIGHT as H, SCENE_WIDTH as W, type Scene, type Setting } from './scene.ts';

type Rand = () => number;
const between = (r: Rand, lo: number, hi: number) => lo + (hi - lo) * r();
const pick = <T,>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const n = (v: number) => Math.round(v * 10) / 10;

const linear = (id: string, stops: string[], vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${stops.map((c, i) => `<stop offset="${n(i / Math.max(1, stops.length - 1))}" stop-color="${c}"/>`).join('')}</linearGradient>`;
const glow = (id: string, color: string, opacity = 0.75) =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;

/** What a setting draws behind the subjects, and the line they stand on. */
interface Backdrop {
  defs: string;
  back: string;
  /** The y the hero and floor props stand on. */
  ground: number;
  /** Drawn over the subjects' feet (water in front, a counter's lip), optional. */
  front?: string;
  /** Where the third prop stands when not in the foreground (a setting whose front covers it). */
  third?: { cx: number; bottom: number; size: number };
}

/** Sky names: drawn in the sky slot, without a shadow. */
const SKY = new Set(['airplane', 'sun', 'sun-behind-small-cloud', 'sun-behind-large-cloud', 'cloud', 'crescent-moon', 'rainbow']);
/** Things that float beside the subject (no shadow, raised): sparkle, notes, a heart. */
const FLOATING = new Set(['sparkles', 'musical-notes', 'high-voltage', 'glowing-star', 'red-heart', 'droplet', 'snowflake', 'speech-balloon', 'dizzy']);

function wall(r: Rand, palettes: string[][]): string[] {
  return pick(r, palettes);
}

/** Horizontal planks (a table top or a floor) from y to the bottom. */
function planks(y: number, light: string, dark: string, r: Rand): string {
  let lines = '';
  for (let x = between(r, 60, 160); x < W; x += between(r, 160, 260)) lines += `<path d="M${n(x)} ${y + 8}V${H}" stroke="${dark}" stroke-opacity=".25" stroke-width="3"/>`;
  return `<rect y="${y}" width="${W}" height="${H - y}" fill="url(#wood)"/><rect y="${y}" width="${W}" height="10" fill="${light}" opacity=".55"/>${lines}`;
}

function skyDefs(r: Rand): { defs: string; sun: string } {
  const sky = pick(r, [
    ['#4aa8e8', '#a7d8f5', '#e8f6fd'],
    ['#ff9a6b', '#ffc58f', '#ffe8c7'],
    ['#5b86e5', '#8fb8f0', '#dcecfb'],
    ['#7f7fd5', '#c0a7e8', '#f7d6e0'],
  ]);
  const sunX = between(r, 760, 980);
  const sunY = between(r, 110, 190);
  return {
    defs: linear('sky', sky) + glow('sun', '#fff4c2', 0.95),
    sun: `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="170" fill="url(#sun)"/><circle cx="${n(sunX)}" cy="${n(sunY)}" r="54" fill="#fff8dc" opacity=".9"/>`,
  };
}

function clouds(r: Rand, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = between(r, 80, 1100);
    const y = between(r, 60, 240);
    const s = between(r, 0.7, 1.3);
    out += `<g opacity=".85" fill="#fff" transform="translate(${n(x)} ${n(y)}) scale(${n(s)})"><ellipse cx="0" cy="0" rx="70" ry="26"/><ellipse cx="-34" cy="-12" rx="36" ry="26"/><ellipse cx="28" cy="-20" rx="42" ry="32"/></g>`;
  }
  return out;
}

/** A ridge line across the picture: hills or mountains. */
function ridge(r: Rand, base: number, height: number, steps: number, fill: string, sharp = false): string {
  let d = `M0 ${base}`;
  for (let i = 0; i <= steps; i++) {
    const x = (W / steps) * i;
    const y = base - height * (0.35 + 0.65 * r());
    d += sharp ? `L${n(x)} ${n(y)}` : `Q${n(x - W / steps / 2)} ${n(y - height * 0.25)} ${n(x)} ${n(y)}`;
  }
  return `<path d="${d}L${W} ${H}H0Z" fill="${fill}"/>`;
}

function skyline(r: Rand, base: number, fill: string, lit: string): string {
  let out = '';
  for (let x = -20; x < W; ) {
    const w = between(r, 60, 130);
    const h = between(r, 90, 260);
    out += `<rect x="${n(x)}" y="${n(base - h)}" width="${n(w)}" height="${n(h + 2)}" fill="${fill}"/>`;
    for (let wy = base - h + 18; wy < base - 20; wy += 34) {
      for (let wx = x + 12; wx < x + w - 16; wx += 26) if (r() < 0.45) out += `<rect x="${n(wx)}" y="${n(wy)}" width="10" height="14" fill="${lit}" opacity=".7"/>`;
    }
    x += w + between(r, 0, 14);
  }
  return out;
}

function backdrop(setting: Setting, r: Rand): Backdrop {
  switch (setting) {
    case 'table': {
      const [a, b] = wall(r, [['#5b2a1e', '#a4503a'], ['#2e3b4e', '#556b8a'], ['#3d4a2f', '#7a8c55'], ['#6b3b5a', '#b06b8e']]);
      const cloth = r() < 0.4;
      return {
        defs: linear('wall', [a!, b!]) + linear('wood', ['#a86a3d', '#6b3d1f']) + glow('lamp', '#ffe3a3'),
        back:
          `<rect width="${W}" height="${H}" fill="url(#wall)"/><circle cx="250" cy="150" r="190" fill="url(#lamp)"/><circle cx="950" cy="150" r="190" fill="url(#lamp)"/>` +
          `<rect x="470" y="70" width="260" height="170" rx="10" fill="#fff" opacity=".08"/>` +
          (cloth ? `<rect y="580" width="${W}" height="${H - 580}" fill="#f4efe6"/><rect y="580" width="${W}" height="12" fill="#fff"/><path d="M0 650H${W}M0 730H${W}" stroke="#c9b9a3" stroke-width="3" opacity=".5"/>` : planks(580, '#d9a06a', '#3d2010', r)),
        ground: 615,
      };
    }
    case 'tea': {
      const [a, b] = wall(r, [['#f8d7e3', '#f3b8cc'], ['#d8ecf0', '#a9d3dc'], ['#eae2f8', '#cbb8ef'], ['#fbe7c6', '#f4cf94']]);
      let stripes = '';
      for (let x = 0; x < W; x += 80) stripes += `<rect x="${x}" width="36" height="600" fill="#fff" opacity=".28"/>`;
      let lace = '';
      for (let x = 0; x <= W; x += 40) lace += `<circle cx="${x}" cy="600" r="14" fill="#fff"/>`;
      return {
        defs: linear('wall', [a!, b!]) + glow('lamp', '#fff7e0'),
        back: `<rect width="${W}" height="${H}" fill="url(#wall)"/>${stripes}<circle cx="600" cy="120" r="260" fill="url(#lamp)"/><rect y="590" width="${W}" height="${H - 590}" fill="#fffaf2"/>${lace}<path d="M0 700H${W}" stroke="#e8d8c4" stroke-width="4"/>`,
        ground: 630,
      };
    }
    case 'bar': {
      const [a, b] = wall(r, [['#1c1a2e', '#3a2f4f'], ['#1d2b2a', '#2f4a46'], ['#2b1a14', '#4a2e22']]);
      let bottles = '';
      for (const shelf of [230, 400]) {
        bottles += `<rect x="60" y="${shelf}" width="1080" height="10" fill="#a07a4a" opacity=".8"/>`;
        for (let x = 90; x < 1110; x += between(r, 46, 70)) {
          const h = between(r, 70, 120);
          const c = pick(r, ['#2f7d5b', '#8a3b2a', '#c99a3b', '#3a5a8a', '#6a4a8a', '#9fb3a8']);
          bottles += `<rect x="${n(x)}" y="${n(shelf - h)}" width="30" height="${n(h)}" rx="8" fill="${c}" opacity=".75"/><rect x="${n(x + 10)}" y="${n(shelf - h - 26)}" width="10" height="30" fill="${c}" opacity=".75"/>`;
        }
      }
      return {
        defs: linear('wall', [a!, b!]) + linear('wood', ['#6b4226', '#3b2414']) + glow('lamp', '#ffcf7a', 0.5),
        back: `<rect width="${W}" height="${H}" fill="url(#wall)"/><circle cx="600" cy="260" r="420" fill="url(#lamp)"/>${bottles}${planks(590, '#b07a48', '#1a0d05', r)}`,
        ground: 625,
      };
    }
    case 'bakery': {
      const [a, b] = wall(r, [['#fff1e0', '#ffd9b3'], ['#fde2ef', '#f8c0d8'], ['#e5f5e8', '#bfe6c8']]);
      let bunting = '<path d="M0 40Q600 150 1200 40" stroke="#8a6a4a" stroke-width="3" fill="none"/>';
      for (let i = 0; i < 14; i++) {
        const x = 30 + i * 82;
        const y = 40 + 110 * (1 - ((x - 600) / 600) ** 2) * 0.9;
        bunting += `<path d="M${n(x)} ${n(y)}l36 0l-18 46z" fill="${pick(r, ['#f4a6b8', '#8fd3c8', '#ffd36e', '#a8b8f0'])}"/>`;
      }
      return {
        defs: linear('wall', [a!, b!]) + linear('wood', ['#f3e3d0', '#dcc3a4']),
        back: `<rect width="${W}" height="${H}" fill="url(#wall)"/>${bunting}${planks(590, '#fff', '#b8997a', r)}`,
        ground: 625,
      };
    }
    case 'spa': {
      const [a, b] = wall(r, [['#d4f1ef', '#9fd9d4'], ['#e3eef7', '#b4cfe6'], ['#eef3e4', '#c8dcb0']]);
      let tiles = '';
      for (let y = 40; y < 560; y += 80) tiles += `<path d="M0 ${y}H${W}" stroke="#fff" stroke-width="3" opacity=".55"/>`;
      for (let x = 40; x < W; x += 80) tiles += `<path d="M${x} 0V560" stroke="#fff" stroke-width="3" opacity=".55"/>`;
      let waves = '';
      for (let y = 660; y < H; y += 44) waves += `<path d="M0 ${y}q50 -16 100 0t100 0t100 0t100 0t100 0t100 0t100 0t100 0t100 0t100 0t100 0t100 0" stroke="#fff" stroke-width="4" fill="none" opacity=".5"/>`;
      return {
        defs: linear('wall', [a!, b!]) + linear('water', ['#6cc6d9', '#2a8fb0']) + glow('steam', '#ffffff', 0.8),
        back: `<rect width="${W}" height="${H}" fill="url(#wall)"/>${tiles}<circle cx="600" cy="260" r="360" fill="url(#steam)"/><rect y="560" width="${W}" height="40" fill="#f2ece2"/>`,
        ground: 610,
        third: { cx: 840, bottom: 610, size: 120 },
        front: `<rect y="630" width="${W}" height="${H - 630}" fill="url(#water)" opacity=".92"/>${waves}`,
      };
    }
    case 'salon': {
      const [a, b] = wall(r, [['#fbe3e8', '#f2b8c6'], ['#f4eadf', '#e6cdb3'], ['#ece6f6', '#cdbfe8']]);
      return {
        defs: linear('wall', [a!, b!]) + linear('marble', ['#ffffff', '#e9e4e0']) + glow('lamp', '#fffaf0', 0.9),
        back:
          `<rect width="${W}" height="${H}" fill="url(#wall)"/><circle cx="600" cy="300" r="250" fill="url(#lamp)"/>` +
          `<circle cx="600" cy="290" r="230" fill="#fff" opacity=".35" stroke="#d4a94f" stroke-width="14"/>` +
          `<rect y="590" width="${W}" height="${H - 590}" fill="url(#marble)"/><path d="M0 590H${W}" stroke="#d4a94f" stroke-width="6"/><path d="M120 680q160 30 300 -10M700 740q200 -40 420 10" stroke="#cfc6bf" stroke-width="3" fill="none"/>`,
        ground: 625,
      };
    }
    case 'gym': {
      const [a, b] = wall(r, [['#2b3a55', '#4b6284'], ['#3a3a3a', '#5c5c5c'], ['#1f4a48', '#3b7a76']]);
      const accent = pick(r, ['#ff6b35', '#f7c948', '#3ddc97']);
      return {
        defs: linear('wall', [a!, b!]) + linear('floor', ['#2a2a2a', '#151515']),
        back:
          `<rect width="${W}" height="${H}" fill="url(#wall)"/><rect y="330" width="${W}" height="26" fill="${accent}"/>` +
          `<rect x="120" y="70" width="300" height="200" rx="8" fill="#fff" opacity=".12"/><rect x="780" y="70" width="300" height="200" rx="8" fill="#fff" opacity=".12"/>` +
          `<rect y="590" width="${W}" height="${H - 590}" fill="url(#floor)"/><path d="M0 590H${W}" stroke="${accent}" stroke-width="6"/>`,
        ground: 625,
      };
    }
    case 'studio': {
      const [a, b] = wall(r, [['#fdf6ec', '#f0dcc0'], ['#f1f5ee', '#d5e4cf'], ['#f6eef5', '#e5cfe2']]);
      return {
        defs: linear('wall', [a!, b!]) + linear('wood', ['#e2b98a', '#b98553']) + glow('light', '#fffbe8', 0.9),
        back:
          `<rect width="${W}" height="${H}" fill="url(#wall)"/><rect x="760" y="60" width="320" height="420" rx="12" fill="#dff1fb" stroke="#fff" stroke-width="14"/><path d="M920 60V480M760 270H1080" stroke="#fff" stroke-width="10"/>` +
          `<path d="M760 480L420 590H700L1080 480Z" fill="#fffbe8" opacity=".45"/>${planks(590, '#f3d3a8', '#8a5a2a', r)}`,
        ground: 625,
      };
    }
    case 'park':
    case 'golf': {
      const s = skyDefs(r);
      const fairway = setting === 'golf' ? `<path d="M0 640Q600 560 1200 650V${H}H0Z" fill="#7cc46a"/><ellipse cx="600" cy="650" rx="330" ry="46" fill="#9be07f"/>` : '';
      let trees = '';
      for (let i = 0; i < 6; i++) {
        const x = between(r, 40, 1160);
        const y = between(r, 470, 520);
        trees += `<rect x="${n(x - 6)}" y="${n(y)}" width="12" height="60" fill="#6b4a2a"/><circle cx="${n(x)}" cy="${n(y - 10)}" r="${n(between(r, 38, 60))}" fill="${pick(r, ['#3f8f4a', '#2f7a3f', '#57a85a'])}"/>`;
      }
      return {
        defs: s.defs,
        back: `<rect width="${W}" height="${H}" fill="url(#sky)"/>${s.sun}${clouds(r, 3)}${ridge(r, 560, 90, 5, '#8fc48a')}${trees}<rect y="590" width="${W}" height="${H - 590}" fill="#5aa64f"/>${fairway}`,
        ground: 640,
      };
    }
    case 'kitchen': {
      let tiles = '';
      for (let y = 0; y < 560; y += 50) for (let x = (y / 50) % 2 ? -50 : 0; x < W; x += 100) tiles += `<rect x="${x + 2}" y="${y + 2}" width="96" height="46" rx="4" fill="#fff"/>`;
      return {
        defs: linear('wood', ['#c8c2b8', '#9b948a']),
        back: `<rect width="${W}" height="${H}" fill="${pick(r, ['#cfe3e8', '#e8dccf', '#dfe8d3'])}"/>${tiles}<rect y="580" width="${W}" height="${H - 580}" fill="url(#wood)"/><rect y="580" width="${W}" height="14" fill="#eee"/>`,
        ground: 615,
      };
    }
    case 'art': {
      let splashes = '';
      for (let i = 0; i < 9; i++) splashes += `<circle cx="${n(between(r, 40, 1160))}" cy="${n(between(r, 40, 520))}" r="${n(between(r, 20, 70))}" fill="${pick(r, ['#ef476f', '#ffd166', '#06d6a0', '#118ab2', '#8e7dbe'])}" opacity=".35"/>`;
      return {
        defs: linear('wall', ['#fbf8f3', '#ece3d5']) + linear('wood', ['#d9b48a', '#a8784a']),
        back: `<rect width="${W}" height="${H}" fill="url(#wall)"/>${splashes}${planks(590, '#f0d2ac', '#6b4523', r)}`,
        ground: 625,
      };
    }
    case 'classroom': {
      let chalk = '';
      for (let i = 0; i < 5; i++) chalk += `<path d="M${n(between(r, 200, 400))} ${110 + i * 48}h${n(between(r, 160, 560))}" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity=".45"/>`;
      return {
        defs: linear('wall', ['#f3ead8', '#e2d3b5']) + linear('wood', ['#b98553', '#7a4f2a']),
        back: `<rect width="${W}" height="${H}" fill="url(#wall)"/><rect x="150" y="60" width="900" height="360" rx="10" fill="#2f5d46" stroke="#8a5a2a" stroke-width="18"/>${chalk}${planks(590, '#d9a46a', '#3a2210', r)}`,
        ground: 625,
      };
    }
    case 'road': {
      const s = skyDefs(r);
      return {
        defs: s.defs,
        back:
          `<rect width="${W}" height="${H}" fill="url(#sky)"/>${s.sun}${clouds(r, 3)}${ridge(r, 520, 80, 4, '#9ccf8a')}<rect y="500" width="${W}" height="${H - 500}" fill="#7cbf6a"/>` +
          `<path d="M520 500H680L1100 ${H}H100Z" fill="#5a5f66"/><path d="M600 520V560M600 590V640M600 680V740" stroke="#fff" stroke-width="12"/>`,
        ground: 700,
      };
    }
    case 'escape': {
      let bricks = '';
      for (let y = 0; y < 600; y += 44) for (let x = (y / 44) % 2 ? -60 : 0; x < W; x += 120) bricks += `<rect x="${x + 3}" y="${y + 3}" width="114" height="38" rx="3" fill="#4a2a24"/>`;
      return {
        defs: glow('spot', '#ffd27a', 0.55),
        back: `<rect width="${W}" height="${H}" fill="#24130f"/>${bricks}<circle cx="600" cy="330" r="420" fill="url(#spot)"/><rect y="600" width="${W}" height="${H - 600}" fill="#1a0f0c"/>`,
        ground: 630,
      };
    }
    case 'track': {
      const s = skyDefs(r);
      let kerb = '';
      for (let x = 0; x < W; x += 80) kerb += `<rect x="${x}" y="560" width="40" height="26" fill="#e63946"/><rect x="${x + 40}" y="560" width="40" height="26" fill="#fff"/>`;
      return {
        defs: s.defs,
        back: `<rect width="${W}" height="${H}" fill="url(#sky)"/>${s.sun}${clouds(r, 2)}<rect y="430" width="${W}" height="130" fill="#7cbf6a"/><rect y="380" width="${W}" height="60" fill="#3a4a5a"/>${kerb}<rect y="586" width="${W}" height="${H - 586}" fill="#4a4f55"/><path d="M0 700H${W}" stroke="#fff" stroke-width="8" stroke-dasharray="60 40"/>`,
        ground: 660,
      };
    }
    case 'timber': {
      let boards = '';
      for (let x = 0; x < W; x += 100) boards += `<rect x="${x}" width="100" height="600" fill="${pick(r, ['#b98353', '#a8744a', '#c48d5c'])}"/><path d="M${x} 0V600" stroke="#6b4526" stroke-width="4"/>`;
      return {
        defs: linear('wood', ['#7a5232', '#4a301c']),
        back: `${boards}<circle cx="600" cy="260" r="180" fill="#fff" opacity=".9"/><circle cx="600" cy="260" r="130" fill="#e63946" opacity=".9"/><circle cx="600" cy="260" r="80" fill="#fff"/><circle cx="600" cy="260" r="34" fill="#e63946"/><rect y="600" width="${W}" height="${H - 600}" fill="url(#wood)"/>`,
        ground: 640,
      };
    }
    case 'city': {
      return {
        defs: linear('sky', ['#2b2d6e', '#8a5a9e', '#f2a36b']),
        back: `<rect width="${W}" height="${H}" fill="url(#sky)"/>${skyline(r, 560, '#3b3566', '#ffd98a')}<rect y="560" width="${W}" height="${H - 560}" fill="#5c5a6e"/><rect y="560" width="${W}" height="14" fill="#8a879c"/>`,
        ground: 660,
      };
    }
    case 'climbing': {
      let holds = '';
      for (let i = 0; i < 34; i++) holds += `<ellipse cx="${n(between(r, 30, 1170))}" cy="${n(between(r, 30, 560))}" rx="${n(between(r, 12, 26))}" ry="${n(between(r, 10, 20))}" fill="${pick(r, ['#ef476f', '#ffd166', '#06d6a0', '#118ab2', '#f78c6b', '#9b5de5'])}"/>`;
      return {
        defs: linear('wall', ['#cfd6de', '#a9b4c0']),
        back: `<rect width="${W}" height="${H}" fill="url(#wall)"/><path d="M0 200L400 120L800 220L1200 140" stroke="#fff" stroke-width="3" opacity=".4" fill="none"/>${holds}<rect y="600" width="${W}" height="${H - 600}" fill="#3a4a6a"/>`,
        ground: 650,
      };
    }
    case 'lanes': {
      let lanes = '';
      for (let i = -4; i <= 4; i++) lanes += `<path d="M${600 + i * 40} 420L${600 + i * 300} ${H}" stroke="#8a5a2a" stroke-width="4"/>`;
      return {
        defs: linear('wall', ['#140c2a', '#3a1f5c']) + linear('wood', ['#c89660', '#e9c08a']) + glow('neon', '#ff4fd8', 0.6),
        back: `<rect width="${W}" height="${H}" fill="url(#wall)"/><circle cx="300" cy="160" r="220" fill="url(#neon)"/><circle cx="900" cy="160" r="220" fill="url(#neon)"/><path d="M0 420H${W}V${H}H0Z" fill="url(#wood)"/>${lanes}`,
        ground: 660,
      };
    }
    case 'product': {
      const [a, b] = wall(r, [['#fdf0e6', '#f6d2bc'], ['#e8f1fb', '#c5dbf3'], ['#eef8f0', '#c9e9d2'], ['#f5eefc', '#dccbf5'], ['#fff8dc', '#f5e2a0']]);
      return {
        defs: linear('wall', [a!, b!]) + linear('plinth', ['#ffffff', '#e6e1dc']) + glow('light', '#ffffff', 0.95),
        back: `<rect width="${W}" height="${H}" fill="url(#wall)"/><circle cx="600" cy="330" r="380" fill="url(#light)"/><path d="M410 600v70a190 34 0 0 0 380 0v-70Z" fill="url(#plinth)"/><ellipse cx="600" cy="600" rx="190" ry="34" fill="#fff"/>`,
        ground: 615,
      };
    }
    case 'mountains':
    case 'island':
    case 'coast':
    case 'beach':
    case 'tropical':
    case 'desert':
    case 'skyline': {
      const s = skyDefs(r);
      let land: string;
      if (setting === 'mountains') {
        land = `${ridge(r, 470, 260, 4, '#8fa3c0', true)}${ridge(r, 520, 200, 5, '#5f7f6a', true)}<rect y="520" width="${W}" height="70" fill="#5f9fc0"/><path d="M0 540H${W}" stroke="#fff" stroke-width="3" opacity=".4"/><rect y="590" width="${W}" height="${H - 590}" fill="#6aa85a"/>`;
      } else if (setting === 'island') {
        land = `<rect y="470" width="${W}" height="${H - 470}" fill="#3f8fb5"/>${`<path d="M180 480Q420 300 700 480Z" fill="#5a8a5a"/><path d="M640 480Q900 360 1120 480Z" fill="#6f9a62"/>`}<path d="M0 600Q600 560 1200 610V${H}H0Z" fill="#c9b98a"/>`;
      } else if (setting === 'coast') {
        land = `<rect y="470" width="${W}" height="${H - 470}" fill="#3f9ac5"/><path d="M0 330Q160 320 260 420L330 480H0Z" fill="#7a8a6a"/><path d="M0 600Q600 560 1200 610V${H}H0Z" fill="#e9d8a6"/>`;
      } else if (setting === 'beach' || setting === 'tropical') {
        land = `<rect y="450" width="${W}" height="${H - 450}" fill="#2fb3c9"/><rect y="450" width="${W}" height="40" fill="#7fd8e0"/>${setting === 'tropical' ? '<path d="M800 455Q960 300 1200 420V455Z" fill="#3d8f4a"/>' : ''}<path d="M0 590Q600 540 1200 600V${H}H0Z" fill="#f3dfa8"/>`;
      } else if (setting === 'desert') {
        land = `${ridge(r, 560, 120, 3, '#e8b96a')}<path d="M0 620Q400 560 1200 640V${H}H0Z" fill="#f0c987"/>`;
      } else {
        land = `${skyline(r, 560, '#6a7894', '#fff3c4')}<rect y="560" width="${W}" height="${H - 560}" fill="#8c96a8"/><rect y="560" width="${W}" height="12" fill="#b7bfcc"/>`;
      }
      return { defs: s.defs, back: `<rect width="${W}" height="${H}" fill="url(#sky)"/>${s.sun}${clouds(r, 3)}${land}`, ground: 650 };
    }
  }
}

function place(emoji: Emoji, cx: number, bottom: number, size: number): string {
  const h = size;
  const w = (size * emoji.width) / emoji.height;
  return `<svg x="${n(cx - w / 2)}" y="${n(bottom - h)}" width="${n(w)}" height="${n(h)}" viewBox="0 0 ${emoji.width} ${emoji.height}">${emoji.body}</svg>`;
}

const shadow = (cx: number, y: number, rx: number) => `<ellipse cx="${n(cx)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(rx * 0.16)}" fill="#000" opacity=".22"/>`;

/** The merchant's name on a dark plaque at the bottom left; shrunk, then cut, to fit 62% of the width. */
function plaque(label: string | null): string {
  const text = label ? drawableText(label) : '';
  if (!text) return '';
  const maxWidth = W * 0.62;
  let size = 46;
  let shown = text;
  let path = textPath(shown, size);
  while (path.width > maxWidth && size > 30) {
    size -= 2;
    path = textPath(shown, size);
  }
  while (path.width > maxWidth && shown.length > 4) {
    shown = `${shown.slice(0, -2).trimEnd()}…`;
    path = textPath(shown, size);
  }
  const padX = 34;
  const height = size * 1.9;
  const x = 84;
  const y = H - 60 - height;
  return (
    `<g><rect x="${x}" y="${n(y)}" width="${n(path.width + padX * 2)}" height="${n(height)}" rx="${n(height / 2)}" fill="#16161d" opacity=".82"/>` +
    `<path transform="translate(${n(x + padX)} ${n(y + height / 2 + size * 0.36)})" d="${path.d}" fill="#fff"/></g>`
  );
}

/** The scene as an SVG document of SCENE_WIDTH × SCENE_HEIGHT. */
export async function composeScene(scene: Scene): Promise<string> {
  const r = mulberry32(scene.seed);
  const drop = backdrop(scene.setting, r);
  const emoji = await loadEmoji([scene.hero, ...scene.props]);
  const hero = emoji.get(scene.hero);
  const sky = scene.props.filter((p) => SKY.has(p));
  const floor = scene.props.filter((p) => !SKY.has(p));
  const g = drop.ground;
  let items = '';
  // Floor props: left, right, then a smaller one in the foreground to the right of the hero.
  const slots = [
    { cx: 235 + between(r, -20, 20), bottom: g, size: 250 },
    { cx: 965 + between(r, -20, 20), bottom: g, size: 250 },
    drop.third ?? { cx: 830, bottom: g + 100, size: 150 },
  ];
  const propsOut = ['', '', ''];
  floor.slice(0, 3).forEach((name, i) => {
    const e = emoji.get(name);
    const s = slots[i]!;
    if (!e) return;
    propsOut[i] = FLOATING.has(name) ? place(e, s.cx, s.bottom - s.size * 0.45, s.size * 0.8) : shadow(s.cx, s.bottom - 6, s.size * 0.38) + place(e, s.cx, s.bottom, s.size);
  });
  const skyOut = sky.slice(0, 1).flatMap((name) => {
    const e = emoji.get(name);
    return e ? [place(e, between(r, 880, 1000), between(r, 210, 250), 150)] : [];
  });
  const heroCx = 600 + between(r, -30, 30);
  const heroOut = hero ? shadow(heroCx, g - 4, 170) + place(hero, heroCx, g + 14, 410) : '';
  // Back to front: the side props, the hero, the foreground prop, the sky.
  items += propsOut.slice(0, 2).join('') + heroOut + propsOut.slice(2).join('') + skyOut.join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">` +
    `<defs>${drop.defs}</defs>${drop.back}${items}${drop.front ?? ''}${plaque(scene.label)}</svg>`
  );
}
