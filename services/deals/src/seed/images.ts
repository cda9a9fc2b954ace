/**
 * Deal images drawn at seed time as SVG: a category-themed gradient, soft background shapes and
 * a simple illustrative icon. No text, no fonts, no external hosts.
 */
import type { Random } from './random.ts';

export const IMAGE_WIDTH = 800;
export const IMAGE_HEIGHT = 500;

const PALETTES: Record<string, string[][]> = {
  'restaurants-food': [['#ff7e5f', '#feb47b'], ['#c0392b', '#f39c12'], ['#8e2de2', '#ff6a00']],
  'activities-entertainment': [['#00c6ff', '#0072ff'], ['#f7971e', '#ffd200'], ['#11998e', '#38ef7d']],
  'afternoon-tea': [['#fbd3e9', '#bb377d'], ['#f8cdda', '#1d2b64'], ['#ffdde1', '#ee9ca7']],
  spa: [['#a8edea', '#fed6e3'], ['#89f7fe', '#66a6ff'], ['#d4fc79', '#96e6a1']],
  beauty: [['#ff9a9e', '#fecfef'], ['#f093fb', '#f5576c'], ['#fdcbf1', '#e6dee9']],
  'health-fitness': [['#56ab2f', '#a8e063'], ['#f12711', '#f5af19'], ['#1d976c', '#93f9b9']],
  learning: [['#4776e6', '#8e54e9'], ['#3a7bd5', '#00d2ff'], ['#614385', '#516395']],
  'food-drink': [['#b24592', '#f15f79'], ['#c94b4b', '#4b134f'], ['#e96443', '#904e95']],
  shop: [['#2c3e50', '#4ca1af'], ['#232526', '#414345'], ['#0f2027', '#2c5364'], ['#ff512f', '#dd2476']],
  travel: [['#2980b9', '#6dd5fa'], ['#ff7e5f', '#feb47b'], ['#00b4db', '#0083b0'], ['#134e5e', '#71b280']],
};

// Icons drawn on a 200x200 grid, centred on the image.
const ICONS: Record<string, string> = {
  'restaurants-food':
    '<circle cx="100" cy="100" r="62" fill="#fff" opacity=".95"/><circle cx="100" cy="100" r="44" fill="none" stroke="#e5e5e5" stroke-width="4"/>' +
    '<path d="M22 40v50a8 8 0 0 0 16 0V40M30 40v120" stroke="#fff" stroke-width="7" stroke-linecap="round" fill="none"/>' +
    '<path d="M172 40c-14 10-14 40 0 52v68" stroke="#fff" stroke-width="7" stroke-linecap="round" fill="none"/>',
  'activities-entertainment':
    '<path d="M100 18l22 50 54 5-41 36 12 53-47-28-47 28 12-53-41-36 54-5z" fill="#fff"/><circle cx="100" cy="100" r="18" fill="#ffd200" opacity=".8"/>',
  'afternoon-tea':
    '<path d="M40 80h100v30a50 50 0 0 1-100 0z" fill="#fff"/><path d="M140 90h12a18 18 0 0 1 0 36h-16" stroke="#fff" stroke-width="8" fill="none"/>' +
    '<ellipse cx="90" cy="165" rx="70" ry="10" fill="#fff" opacity=".8"/><path d="M70 60c-8-12 8-18 0-30M100 60c-8-12 8-18 0-30" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round"/>',
  spa:
    '<path d="M100 40c22 26 22 64 0 90-22-26-22-64 0-90z" fill="#fff"/><path d="M100 130c-30-6-58-26-66-58 34 0 56 24 66 58zM100 130c30-6 58-26 66-58-34 0-56 24-66 58z" fill="#fff" opacity=".85"/>' +
    '<path d="M40 160q30-14 60 0t60 0" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round"/>',
  beauty:
    '<rect x="80" y="70" width="40" height="100" rx="8" fill="#fff"/><rect x="86" y="30" width="28" height="46" rx="10" fill="#fff" opacity=".85"/>' +
    '<circle cx="150" cy="60" r="8" fill="#fff"/><circle cx="50" cy="110" r="6" fill="#fff"/><circle cx="160" cy="140" r="5" fill="#fff"/>',
  'health-fitness':
    '<rect x="30" y="80" width="20" height="40" rx="4" fill="#fff"/><rect x="150" y="80" width="20" height="40" rx="4" fill="#fff"/>' +
    '<rect x="15" y="88" width="15" height="24" rx="3" fill="#fff"/><rect x="170" y="88" width="15" height="24" rx="3" fill="#fff"/><rect x="50" y="94" width="100" height="12" fill="#fff"/>',
  learning:
    '<path d="M100 60c-20-14-50-16-70-10v100c20-6 50-4 70 10 20-14 50-16 70-10V50c-20-6-50-4-70 10z" fill="#fff"/><path d="M100 60v100" stroke="#8e54e9" stroke-width="4"/>',
  'food-drink':
    '<path d="M55 30h90l-45 60z" fill="#fff"/><path d="M100 90v60M70 160h60" stroke="#fff" stroke-width="8" stroke-linecap="round"/><circle cx="128" cy="44" r="8" fill="#f15f79"/>',
  shop:
    '<rect x="40" y="70" width="120" height="90" rx="8" fill="#fff"/><path d="M70 70V55a30 30 0 0 1 60 0v15" stroke="#fff" stroke-width="8" fill="none"/>' +
    '<rect x="92" y="70" width="16" height="90" fill="#dd2476" opacity=".6"/>',
  travel:
    '<circle cx="150" cy="50" r="24" fill="#ffe58a"/><path d="M0 170l60-80 40 50 30-30 70 60z" fill="#fff" opacity=".9"/>' +
    '<path d="M30 40l60 14 30-20c6-4 14 4 8 10l-22 24 12 50-10 4-26-40-30 10-6 14-8-2 4-20-16-10z" fill="#fff"/>',
};

/** An attractive SVG for a deal in `theme` (a city category slug, 'shop' or 'travel'). */
export function dealImageSvg(theme: string, rng: Random): string {
  const palettes = PALETTES[theme] ?? PALETTES.shop!;
  const [from, to] = rng.pick(palettes) as [string, string];
  const icon = ICONS[theme] ?? ICONS.shop!;
  const angle = rng.int(0, 3) * 45;
  const blobs: string[] = [];
  for (let i = 0; i < 6; i++) {
    const cx = rng.int(0, IMAGE_WIDTH);
    const cy = rng.int(0, IMAGE_HEIGHT);
    const r = rng.int(40, 180);
    blobs.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" opacity="${(rng.int(5, 16) / 100).toFixed(2)}"/>`);
  }
  const wave = `<path d="M0 ${rng.int(380, 430)} C 200 ${rng.int(330, 400)}, 500 ${rng.int(430, 480)}, 800 ${rng.int(360, 420)} V500 H0z" fill="#fff" opacity=".18"/>`;
  const scale = (rng.int(100, 125) / 100).toFixed(2);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" role="img">` +
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#g)"/>${blobs.join('')}${wave}` +
    `<g transform="translate(${IMAGE_WIDTH / 2} ${IMAGE_HEIGHT / 2}) scale(${scale}) translate(-100 -100)">${icon}</g></svg>`
  );
}
