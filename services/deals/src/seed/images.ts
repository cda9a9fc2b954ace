/**
 * What a seeded deal's picture shows: the thing sold, where it is sold and the merchant's name.
 * A scene (images/scene.ts) is chosen from the deal's category and sub-category and the words of
 * its copy (the dish in a restaurant deal's picture description, the product, the treatment, the
 * destination), so a pasta deal shows a plate of spaghetti on a restaurant table, a spa day a
 * steam room by the pool, a Highland break a castle by a loch. The drawing itself is the Noto
 * emoji set (Apache 2.0) composed with drawn backgrounds, rendered on request (images/render.ts).
 *
 * Deterministic: the same deal always gets the same scene (choices hash the deal id; no random
 * stream of the seed is used, so the rest of the catalogue is unchanged).
 */
import { sql } from 'kysely';
import type { DealsDb } from '../db/database.ts';
import { SCENE_CONTENT_TYPE, type Scene, type Setting } from '../images/scene.ts';

/** What the scene is chosen from: the deal as stored. */
export interface SceneFacts {
  dealId: number;
  scope: 'local' | 'shop' | 'travel';
  /** The top category's slug and the sub-category's (null when it has none). */
  category: string;
  sub: string | null;
  title: string;
  /** The picture's description (deals.deal.image_alt), which names the dish or place. */
  alt: string;
  /** The merchant's name for the plaque; null for a picture several merchants share. */
  merchant: string | null;
}

interface Motif {
  /** Chosen only when the deal's title or picture description matches. */
  when?: RegExp;
  setting: Setting;
  hero: string;
  props: string[];
}

const m = (setting: Setting, hero: string, props: string[], when?: RegExp): Motif => ({ setting, hero, props, ...(when ? { when } : {}) });

/** Motifs by sub-category slug (first) or category slug. */
const MOTIFS: Record<string, Motif[]> = {
  // Restaurants: the dish named in the picture description, on a table.
  italian: [
    m('table', 'spaghetti', ['wine-glass', 'baguette-bread', 'cheese-wedge'], /pasta/i),
    m('table', 'pizza', ['wine-glass', 'tomato', 'cheese-wedge'], /pizza/i),
    m('table', 'shallow-pan-of-food', ['wine-glass', 'baguette-bread', 'olive'], /risotto/i),
    m('table', 'shortcake', ['hot-beverage', 'wine-glass', 'candle'], /tiramisu/i),
    m('table', 'spaghetti', ['wine-glass', 'baguette-bread', 'candle']),
  ],
  indian: [
    m('table', 'poultry-leg', ['flatbread', 'hot-pepper', 'cooked-rice'], /tandoori/i),
    m('table', 'curry-rice', ['flatbread', 'hot-pepper', 'candle'], /curr/i),
    m('table', 'stuffed-flatbread', ['curry-rice', 'hot-pepper', 'cucumber'], /street-food|small plates/i),
    m('table', 'flatbread', ['curry-rice', 'hot-pepper', 'candle'], /naan/i),
    m('table', 'curry-rice', ['flatbread', 'hot-pepper', 'candle']),
  ],
  steakhouse: [m('table', 'cut-of-meat', ['wine-glass', 'french-fries', 'candle'])],
  seafood: [
    m('table', 'oyster', ['lemon', 'wine-glass', 'crab'], /mussels/i),
    m('table', 'lobster', ['lemon', 'wine-glass', 'oyster'], /langoustine/i),
    m('table', 'fish', ['french-fries', 'lemon', 'beer-mug'], /fish and chips/i),
    m('table', 'bowl-with-spoon', ['baguette-bread', 'fish', 'lemon'], /skink/i),
    m('table', 'lobster', ['oyster', 'lemon', 'wine-glass']),
  ],
  brunch: [
    m('table', 'cooking', ['hot-beverage', 'croissant', 'avocado'], /eggs|benedict/i),
    m('table', 'pancakes', ['hot-beverage', 'strawberry', 'honey-pot'], /pancake/i),
    m('table', 'cooking', ['bacon', 'hot-beverage', 'bread'], /full scottish|breakfast/i),
    m('table', 'avocado', ['bread', 'hot-beverage', 'cooking'], /avocado/i),
    m('table', 'pancakes', ['hot-beverage', 'croissant', 'strawberry']),
  ],
  asian: [
    m('table', 'dumpling', ['steaming-bowl', 'chopsticks', 'hot-beverage'], /bao|dim sum/i),
    m('table', 'steaming-bowl', ['chopsticks', 'dumpling', 'rice-ball'], /ramen/i),
    m('table', 'poultry-leg', ['cooked-rice', 'hot-pepper', 'chopsticks'], /fried chicken/i),
    m('table', 'steaming-bowl', ['dumpling', 'chopsticks', 'bento-box']),
  ],
  pizza: [m('table', 'pizza', ['beer-mug', 'tomato', 'cheese-wedge'])],
  burgers: [m('table', 'hamburger', ['french-fries', 'cup-with-straw', 'beer-mug'])],
  'restaurants-food': [m('table', 'fork-and-knife-with-plate', ['wine-glass', 'candle', 'bread'])],

  // Activities: the activity's own place and gear.
  'escape-rooms': [m('escape', 'locked-with-key', ['old-key', 'hourglass-done', 'puzzle-piece'])],
  golf: [m('golf', 'person-golfing', ['flag-in-hole', 'trophy'])],
  karting: [m('track', 'racing-car', ['chequered-flag', 'trophy'])],
  'axe-throwing': [m('timber', 'axe', ['direct-hit', 'beer-mug'])],
  tours: [
    m('city', 'ghost', ['castle', 'crescent-moon'], /ghost/i),
    m('mountains', 'bus', ['castle', 'deer'], /loch|glen/i),
    m('city', 'castle', ['bus', 'camera-with-flash']),
  ],
  climbing: [m('climbing', 'person-climbing', ['backpack', 'trophy'])],
  bowling: [m('lanes', 'bowling', ['pizza', 'cup-with-straw'])],
  'activities-entertainment': [m('city', 'admission-tickets', ['party-popper', 'confetti-ball'])],

  // Afternoon tea: teapot and cakes, fizz or gin when the tea comes with it.
  'afternoon-tea': [
    m('tea', 'teapot', ['bottle-with-popping-cork', 'shortcake', 'cupcake'], /prosecco|champagne/i),
    m('tea', 'teapot', ['tumbler-glass', 'shortcake', 'lemon'], /\bgin\b/i),
    m('tea', 'teapot', ['shortcake', 'sandwich', 'cupcake']),
  ],

  // Spa and beauty: the treatment, in a spa by the pool or a salon.
  'spa-days': [m('spa', 'person-in-steamy-room', ['candle', 'lotus', 'lotion-bottle'])],
  'spa-for-two': [m('spa', 'person-in-steamy-room', ['bottle-with-popping-cork', 'candle', 'lotus'])],
  massage: [
    m('spa', 'person-getting-massage', ['rock', 'candle', 'herb'], /hot stone/i),
    m('spa', 'person-getting-massage', ['lotion-bottle', 'candle', 'herb']),
  ],
  facials: [m('spa', 'person-getting-massage', ['lotion-bottle', 'cucumber', 'sparkles'])],
  spa: [
    m('spa', 'person-getting-massage', ['lotion-bottle', 'candle', 'lotus'], /massage/i),
    m('spa', 'person-in-steamy-room', ['candle', 'lotus', 'lotion-bottle']),
  ],
  nails: [m('salon', 'nail-polish', ['sparkles', 'ring', 'lipstick'])],
  hair: [m('salon', 'person-getting-haircut', ['scissors', 'sparkles', 'lotion-bottle'])],
  'lashes-brows': [m('salon', 'mirror', ['lipstick', 'sparkles', 'ribbon'])],
  aesthetics: [
    m('salon', 'light-bulb', ['lotion-bottle', 'sparkles', 'person-getting-massage'], /LED/),
    m('salon', 'lotion-bottle', ['sparkles', 'droplet', 'person-getting-massage']),
  ],
  beauty: [m('salon', 'lipstick', ['nail-polish', 'sparkles', 'mirror'])],

  // Health and fitness.
  'gym-passes': [m('gym', 'person-lifting-weights', ['flexed-biceps', 'stopwatch', 'running-shoe'])],
  'yoga-pilates': [m('studio', 'person-in-lotus-position', ['potted-plant', 'candle', 'herb'])],
  'personal-training': [m('gym', 'person-lifting-weights', ['stopwatch', 'clipboard', 'flexed-biceps'])],
  bootcamps: [m('park', 'person-running', ['stopwatch', 'running-shoe', 'cup-with-straw'])],
  'health-fitness': [m('gym', 'flexed-biceps', ['running-shoe', 'stopwatch'])],

  // Learning.
  'cookery-classes': [
    m('kitchen', 'cook', ['spaghetti', 'cooking', 'tomato'], /pasta/i),
    m('kitchen', 'cook', ['cooking', 'baguette-bread', 'kitchen-knife']),
  ],
  'art-classes': [
    m('art', 'amphora', ['paintbrush', 'artist-palette'], /pottery/i),
    m('art', 'framed-picture', ['pencil', 'artist-palette'], /drawing/i),
    m('art', 'artist-palette', ['paintbrush', 'wine-glass', 'framed-picture']),
  ],
  'language-lessons': [m('classroom', 'globe-showing-europe-africa', ['books', 'speech-balloon', 'pencil'])],
  'driving-lessons': [m('road', 'automobile', ['vertical-traffic-light', 'sun-behind-small-cloud'])],
  learning: [m('classroom', 'books', ['pencil', 'light-bulb'])],

  // Food and drink.
  cocktails: [m('bar', 'cocktail-glass', ['tropical-drink', 'lemon', 'cheese-wedge'])],
  'whisky-tasting': [m('bar', 'tumbler-glass', ['sheaf-of-rice', 'ice', 'tumbler-glass'])],
  'gin-tasting': [m('bar', 'tumbler-glass', ['lemon', 'herb', 'ice'])],
  'wine-tasting': [m('bar', 'wine-glass', ['grapes', 'cheese-wedge', 'bottle-with-popping-cork'])],
  'bakery-treats': [
    m('bakery', 'doughnut', ['cupcake', 'hot-beverage', 'cookie'], /doughnut/i),
    m('bakery', 'birthday-cake', ['cupcake', 'party-popper', 'croissant'], /cake/i),
    m('bakery', 'cupcake', ['croissant', 'doughnut', 'cookie']),
  ],
  'food-drink': [m('bar', 'clinking-glasses', ['cheese-wedge', 'grapes'])],

  // Goods: the product kind, on a plinth in a studio.
  'headphones-audio': [
    m('product', 'headphone', ['musical-notes', 'mobile-phone'], /earbuds/i),
    m('product', 'speaker-high-volume', ['musical-notes', 'mobile-phone'], /speaker/i),
    m('product', 'headphone', ['musical-notes', 'sparkles']),
  ],
  'kitchen-appliances': [
    m('product', 'french-fries', ['poultry-leg', 'high-voltage'], /air fryer/i),
    m('product', 'hot-beverage', ['croissant', 'sparkles'], /coffee/i),
    m('product', 'hot-beverage', ['bread', 'sparkles'], /kettle|toaster/i),
    m('product', 'cooking', ['high-voltage', 'sparkles']),
  ],
  'smart-home': [
    m('product', 'bell', ['door', 'mobile-phone'], /doorbell/i),
    m('product', 'electric-plug', ['light-bulb', 'mobile-phone'], /plug/i),
    m('product', 'video-camera', ['house', 'mobile-phone'], /camera/i),
    m('product', 'light-bulb', ['mobile-phone', 'house']),
  ],
  gadgets: [
    m('product', 'battery', ['mobile-phone', 'high-voltage'], /power bank/i),
    m('product', 'watch', ['running-shoe', 'red-heart'], /watch/i),
    m('product', 'framed-picture', ['camera-with-flash', 'sparkles'], /photo frame/i),
    m('product', 'mobile-phone', ['battery', 'sparkles']),
  ],
  bedding: [m('product', 'bed', ['crescent-moon', 'sparkles'])],
  kitchenware: [
    m('product', 'cooking', ['kitchen-knife', 'tomato'], /pan/i),
    m('product', 'pot-of-food', ['kitchen-knife', 'bread'], /casserole/i),
    m('product', 'fork-and-knife-with-plate', ['teacup-without-handle', 'sparkles'], /dinner/i),
    m('product', 'cooking', ['kitchen-knife', 'sparkles']),
  ],
  garden: [
    m('product', 'light-bulb', ['glowing-star', 'evergreen-tree'], /lights/i),
    m('product', 'chair', ['hot-beverage', 'potted-plant'], /bistro/i),
    m('product', 'seedling', ['house', 'sun'], /mower/i),
    m('product', 'potted-plant', ['seedling', 'sun']),
  ],
  lighting: [
    m('product', 'couch-and-lamp', ['light-bulb', 'sparkles'], /lamp/i),
    m('product', 'candle', ['candle', 'sparkles'], /candle/i),
    m('product', 'light-bulb', ['sparkles', 'couch-and-lamp']),
  ],
  fragrance: [
    m('product', 'lotion-bottle', ['necktie', 'sparkles'], /aftershave/i),
    m('product', 'lotion-bottle', ['rose', 'sparkles']),
  ],
  skincare: [m('product', 'lotion-bottle', ['droplet', 'sparkles', 'soap'])],
  haircare: [m('product', 'person-getting-haircut', ['sparkles', 'high-voltage'])],
  grooming: [
    m('product', 'toothbrush', ['droplet', 'sparkles'], /toothbrush/i),
    m('product', 'bearded-person', ['razor', 'sparkles'], /beard|trimmer/i),
    m('product', 'razor', ['soap', 'sparkles']),
  ],
  womens: [
    m('product', 'coat', ['snowflake', 'scarf'], /coat|puffer/i),
    m('product', 'scarf', ['yarn', 'gloves'], /jumper|cashmere/i),
    m('product', 'dress', ['handbag', 'sparkles']),
  ],
  mens: [
    m('product', 'coat', ['umbrella-with-rain-drops', 'billed-cap'], /jacket|waterproof/i),
    m('product', 'scarf', ['yarn', 'gloves'], /jumper|merino/i),
    m('product', 'necktie', ['mans-shoe', 'coat']),
  ],
  accessories: [
    m('product', 'handbag', ['purse', 'sparkles'], /bag/i),
    m('product', 'sunglasses', ['sun', 'beach-with-umbrella'], /sunglasses/i),
    m('product', 'handbag', ['sunglasses', 'sparkles']),
  ],
  jewellery: [
    m('product', 'gem-stone', ['ribbon', 'sparkles'], /necklace|pendant/i),
    m('product', 'ring', ['gem-stone', 'sparkles'], /earrings/i),
    m('product', 'ring', ['gem-stone', 'sparkles']),
  ],
  'toys-games': [
    m('product', 'game-die', ['chess-pawn', 'puzzle-piece'], /board game/i),
    m('product', 'racing-car', ['video-game', 'chequered-flag'], /remote control|car/i),
    m('product', 'teddy-bear', ['puzzle-piece', 'kite']),
  ],
  'personalised-gifts': [
    m('product', 'milky-way', ['framed-picture', 'glowing-star'], /star map/i),
    m('product', 'tumbler-glass', ['tumbler-glass', 'sparkles'], /whisky glass/i),
    m('product', 'framed-picture', ['couch-and-lamp', 'red-heart'], /cushion|photo/i),
    m('product', 'wrapped-gift', ['ribbon', 'sparkles']),
  ],
  'gift-sets': [
    m('product', 'wrapped-gift', ['credit-card', 'sparkles'], /gift card/i),
    m('product', 'basket', ['cookie', 'bottle-with-popping-cork'], /hamper/i),
    m('product', 'wrapped-gift', ['lotion-bottle', 'soap'], /pamper/i),
    m('product', 'wrapped-gift', ['ribbon', 'sparkles']),
  ],
  shop: [m('product', 'package', ['wrapped-gift', 'sparkles'])],

  // Travel: the destination's landscape and landmark, read from the place in the copy.
  'scottish-highlands': [
    m('mountains', 'snow-capped-mountain', ['deer', 'evergreen-tree', 'hotel'], /aviemore/i),
    m('mountains', 'mountain', ['deer', 'hotel'], /fort william/i),
    m('mountains', 'castle', ['tumbler-glass', 'deciduous-tree', 'hotel'], /pitlochry/i),
    m('mountains', 'castle', ['sauropod', 'hotel'], /inverness/i),
    m('coast', 'ferry', ['sailboat', 'hotel', 'lobster'], /oban/i),
    m('mountains', 'castle', ['deer', 'hotel']),
  ],
  'scottish-islands': [
    m('island', 'mountain', ['ewe', 'hotel'], /skye/i),
    m('island', 'ferry', ['ewe', 'hotel'], /arran/i),
    m('island', 'ferry', ['houses', 'hotel'], /mull/i),
    m('island', 'ferry', ['ewe', 'hotel']),
  ],
  'uk-city-breaks': [
    m('skyline', 'church', ['castle', 'hotel'], /york/i),
    m('skyline', 'ferry', ['guitar', 'hotel'], /liverpool/i),
    m('skyline', 'classical-building', ['hot-springs', 'hotel'], /bath/i),
    m('skyline', 'ferris-wheel', ['guard', 'bus'], /london/i),
    m('skyline', 'tram', ['soccer-ball', 'hotel'], /manchester/i),
    m('skyline', 'hotel', ['cityscape', 'bus']),
  ],
  'uk-spa-breaks': [
    m('mountains', 'hotel', ['person-in-steamy-room', 'hot-springs', 'sailboat'], /windermere/i),
    m('coast', 'hotel', ['person-in-steamy-room', 'person-golfing'], /st andrews/i),
    m('mountains', 'hotel', ['person-in-steamy-room', 'hot-springs']),
  ],
  'coast-countryside': [
    m('beach', 'beach-with-umbrella', ['spiral-shell', 'sailboat'], /st ives/i),
    m('coast', 'anchor', ['church', 'fish'], /whitby/i),
    m('beach', 'houses', ['beach-with-umbrella', 'spiral-shell'], /tenby/i),
    m('coast', 'seal', ['sailboat', 'hotel'], /north berwick/i),
    m('coast', 'houses', ['sailboat', 'hotel']),
  ],
  europe: [
    m('skyline', 'woman-dancing', ['tangerine', 'airplane'], /seville/i),
    m('coast', 'tram', ['sailboat', 'airplane'], /lisbon/i),
    m('skyline', 'classical-building', ['pizza', 'airplane'], /rome/i),
    m('skyline', 'castle', ['bridge-at-night', 'airplane'], /prague/i),
    m('skyline', 'tulip', ['bicycle', 'houses', 'airplane'], /amsterdam/i),
    m('skyline', 'classical-building', ['airplane', 'hotel']),
  ],
  'beach-holidays': [
    m('beach', 'beach-with-umbrella', ['dolphin', 'airplane'], /algarve/i),
    m('beach', 'volcano', ['beach-with-umbrella', 'airplane'], /tenerife/i),
    m('beach', 'classical-building', ['sailboat', 'airplane'], /crete/i),
    m('beach', 'sailboat', ['palm-tree', 'airplane'], /mallorca|majorca/i),
    m('beach', 'beach-with-umbrella', ['palm-tree', 'airplane']),
  ],
  'long-haul': [
    m('desert', 'cityscape', ['camel', 'airplane'], /dubai/i),
    m('skyline', 'statue-of-liberty', ['taxi', 'airplane'], /new york/i),
    m('tropical', 'hindu-temple', ['palm-tree', 'person-surfing', 'airplane'], /bali/i),
    m('tropical', 'desert-island', ['palm-tree', 'airplane']),
  ],
  travel: [m('beach', 'hotel', ['beach-with-umbrella', 'airplane'])],
};

/** People drawn with a skin tone chosen per deal (each has these Noto variants). */
const PEOPLE = new Set([
  'person-in-steamy-room', 'person-getting-massage', 'person-getting-haircut', 'person-lifting-weights', 'person-in-lotus-position',
  'person-running', 'person-golfing', 'person-climbing', 'person-surfing', 'cook', 'woman-dancing', 'guard', 'bearded-person', 'flexed-biceps',
]);
const TONES = ['', '-light-skin-tone', '-medium-light-skin-tone', '-medium-skin-tone', '-medium-dark-skin-tone', '-dark-skin-tone'];

/** A restaurant or tea deal's drink, from its title ("… with a Glass of Red", "… with Prosecco"). */
const DRINKS: Array<[RegExp, string]> = [
  [/prosecco|champagne|fizz/i, 'bottle-with-popping-cork'],
  [/\bbeer\b|kingfisher/i, 'beer-mug'],
  [/cocktail/i, 'cocktail-glass'],
  [/\bwine\b|glass of (red|white)/i, 'wine-glass'],
];

/** A stable hash of the deal id and a salt (no random stream: the seed's other choices stay as they were). */
function hash(id: number, salt: number): number {
  let h = Math.imul(id ^ salt, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca77);
  return (h ^ (h >>> 13)) >>> 0;
}

/** Every motif list a deal may draw from, most specific first. */
function motifsOf(f: SceneFacts): Motif[] {
  return MOTIFS[f.sub ?? ''] ?? MOTIFS[f.category] ?? MOTIFS[f.scope === 'local' ? 'restaurants-food' : f.scope]!;
}

/** The scene of a seeded deal. */
export function seededScene(f: SceneFacts): Scene {
  const text = `${f.title} ${f.alt}`;
  const motifs = motifsOf(f);
  const matching = motifs.filter((x) => x.when?.test(text));
  const candidates = matching.length ? matching : motifs.filter((x) => !x.when);
  const motif = candidates[hash(f.dealId, 0x1a9e) % candidates.length] ?? motifs[0]!;
  let props = [...motif.props];
  if (motif.setting === 'table' || motif.setting === 'tea') {
    const drink = DRINKS.find(([re]) => re.test(f.title))?.[1];
    if (drink && !props.includes(drink)) props = [drink, ...props.filter((p) => !DRINKS.some(([, d]) => d === p))].slice(0, 3);
  }
  const tone = TONES[hash(f.dealId, 0x70e5) % TONES.length]!;
  const toned = (name: string) => (PEOPLE.has(name) && tone ? `${name}${tone}` : name);
  return {
    setting: motif.setting,
    hero: toned(motif.hero),
    props: props.map(toned),
    label: f.merchant,
    seed: hash(f.dealId, 0x5ce4e) % 2 ** 31,
  };
}

/** Every emoji name a seeded scene may use (tests check each exists in the Noto set). */
export function seededEmojiNames(): Set<string> {
  const names = new Set<string>();
  for (const list of Object.values(MOTIFS)) for (const x of list) for (const e of [x.hero, ...x.props]) for (const t of PEOPLE.has(e) ? TONES : ['']) names.add(`${e}${t}`);
  for (const [, d] of DRINKS) names.add(d);
  return names;
}

/** How the seed's images used to begin: an SVG drawn at seed time (before scenes, issue 19 point 10). */
const OLD_SEEDED_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500"%';

/**
 * Redraws the images of a catalogue seeded before scenes: each old seeded SVG becomes the scene of
 * the deal that shows it (no plaque when several deals share it, as the big catalogues' pooled
 * images were). Idempotent and cheap when there is nothing to do (one scan of deals.image); run at
 * every start by seedIfEmpty. Not a migration: it runs today's scene rules, which migrations must
 * not depend on. Returns how many images it redrew.
 */
export async function upgradeSeededImages(db: DealsDb, batch = 2000): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await sql<{ image_id: number; deal_id: number; shared: boolean; scope: string; category: string; sub: string | null; title: string; image_alt: string; merchant: string }>`
      select i.id as image_id, d.id as deal_id, (select count(*) from deals.deal s where s.image_id = i.id) > 1 as shared,
             l.scope, c.slug as category, sc.slug as sub, d.title, d.image_alt, mr.name as merchant
      from deals.image i
      join lateral (select * from deals.deal d where d.image_id = i.id order by d.id limit 1) d on true
      join deals.location l on l.id = d.location_id
      join deals.category c on c.id = d.category_id
      left join deals.category sc on sc.id = d.subcategory_id
      join deals.merchant mr on mr.id = d.merchant_id
      where i.scene is null and i.body like ${OLD_SEEDED_SVG}
      order by i.id
      limit ${batch}`.execute(db);
    if (rows.rows.length === 0) break;
    const values = rows.rows.map((r) => {
      const scene = seededScene({
        dealId: r.deal_id, scope: r.scope === 'shop' || r.scope === 'travel' ? r.scope : 'local', category: r.category, sub: r.sub,
        title: r.title, alt: r.image_alt, merchant: r.shared ? null : r.merchant,
      });
      return sql`(${r.image_id}::int, ${JSON.stringify(scene)}::jsonb)`;
    });
    await sql`update deals.image i set scene = v.scene, body = null, content_type = ${SCENE_CONTENT_TYPE}, width = 1200, height = 800
      from (values ${sql.join(values)}) as v(id, scene) where i.id = v.id`.execute(db);
    done += rows.rows.length;
  }
  // Old images no deal shows any more would never match the join above: they stay as they are.
  return done;
}
