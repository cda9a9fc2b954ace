/**
 * The list content of issue 4, written after the catalogue: early-bird windows on about 5% of
 * deals, special events with their deals, the near-me areas of each city and the guides.
 * Deterministic for a seed and a catalogue (windows are relative to the seed clock).
 *
 * seedLists runs from seedDeals, whenever the catalogue is rewritten: it replaces the list
 * content and clears the customer history (deal views and purchases name deal ids of the old
 * catalogue). seedListsIfMissing runs from seedIfEmpty, for a database whose catalogue predates
 * these tables: it writes the content only when none is there, and never touches history.
 */
import { sql } from 'kysely';
import { GuideDealsFeedSchema, type GuideDealsFeed } from '../contract.ts';
import type { DealsDb } from '../db/database.ts';
import type { NewGuide, NewNearMeArea, NewSpecialEvent, StoredListicleEntry } from '../lists/lists.table.ts';
import { Random } from './random.ts';

export const LISTS_DEFAULT_SEED = 20261122;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Share of deals given an early-bird window, and of those a window that has already closed. */
const EARLY_BIRD_SHARE = 0.05;
const CLOSED_WINDOW_SHARE = 0.01;

export interface ListsSeedOptions {
  seed?: number;
  /** The seed clock: early-bird windows and event windows are relative to it (default: now). */
  now?: Date;
}

export interface ListsSeedResult {
  earlyBird: number;
  events: number;
  eventDeals: number;
  areas: number;
  guides: number;
}

// ---- Near-me areas: real neighbourhoods, approximate centres, a radius that covers each ----

interface AreaSeed {
  slug: string;
  name: string;
  lat: number;
  lon: number;
  radiusKm: number;
}

export const NEAR_ME_AREAS: Record<string, AreaSeed[]> = {
  glasgow: [
    { slug: 'city-centre', name: 'City Centre', lat: 55.8617, lon: -4.2583, radiusKm: 1.0 },
    { slug: 'merchant-city', name: 'Merchant City', lat: 55.8595, lon: -4.2455, radiusKm: 0.8 },
    { slug: 'west-end', name: 'West End', lat: 55.8745, lon: -4.2915, radiusKm: 1.5 },
    { slug: 'finnieston', name: 'Finnieston', lat: 55.8655, lon: -4.2850, radiusKm: 0.9 },
    { slug: 'southside', name: 'Southside', lat: 55.8320, lon: -4.2750, radiusKm: 2.5 },
    { slug: 'partick', name: 'Partick', lat: 55.8705, lon: -4.3090, radiusKm: 0.9 },
    { slug: 'dennistoun', name: 'Dennistoun', lat: 55.8610, lon: -4.2170, radiusKm: 1.0 },
  ],
  edinburgh: [
    { slug: 'old-town', name: 'Old Town', lat: 55.9497, lon: -3.1905, radiusKm: 0.8 },
    { slug: 'new-town', name: 'New Town', lat: 55.9540, lon: -3.1985, radiusKm: 0.8 },
    { slug: 'leith', name: 'Leith', lat: 55.9755, lon: -3.1700, radiusKm: 1.5 },
    { slug: 'stockbridge', name: 'Stockbridge', lat: 55.9585, lon: -3.2085, radiusKm: 0.7 },
    { slug: 'west-end', name: 'West End', lat: 55.9480, lon: -3.2140, radiusKm: 0.9 },
    { slug: 'bruntsfield', name: 'Bruntsfield', lat: 55.9375, lon: -3.2010, radiusKm: 0.9 },
    { slug: 'morningside', name: 'Morningside', lat: 55.9280, lon: -3.2100, radiusKm: 1.0 },
    { slug: 'portobello', name: 'Portobello', lat: 55.9530, lon: -3.1140, radiusKm: 1.2 },
  ],
  aberdeen: [
    { slug: 'city-centre', name: 'City Centre', lat: 57.1460, lon: -2.0980, radiusKm: 1.0 },
    { slug: 'old-aberdeen', name: 'Old Aberdeen', lat: 57.1655, lon: -2.1010, radiusKm: 1.0 },
    { slug: 'footdee', name: 'Footdee', lat: 57.1430, lon: -2.0780, radiusKm: 0.6 },
    { slug: 'rosemount', name: 'Rosemount', lat: 57.1510, lon: -2.1160, radiusKm: 0.8 },
    { slug: 'west-end', name: 'West End', lat: 57.1410, lon: -2.1300, radiusKm: 1.0 },
    { slug: 'ferryhill', name: 'Ferryhill', lat: 57.1350, lon: -2.1000, radiusKm: 0.8 },
    { slug: 'cults', name: 'Cults', lat: 57.1185, lon: -2.1700, radiusKm: 1.2 },
  ],
};

// ---- Special events: windows relative to the seed clock, deals picked by theme -------------

interface EventSeed {
  slug: string;
  title: string;
  description: string;
  /** Location slug, or null for every location. */
  location: string | null;
  startDays: number;
  endDays: number;
  size: number;
  /** Category or sub-category slugs the deals are picked from first. */
  themes: string[];
  minDiscount?: number;
}

export const SPECIAL_EVENTS: EventSeed[] = [
  {
    slug: 'black-friday', title: 'Black Friday Deals', location: null, startDays: -21, endDays: 16, size: 40, themes: [], minDiscount: 40,
    description: 'Our biggest savings of the year on restaurants, spa days, experiences and gifts, for a limited time only.',
  },
  {
    slug: 'christmas-gifts', title: 'Christmas Gifts', location: null, startDays: -14, endDays: 34, size: 36,
    themes: ['toys-gifts', 'health-beauty', 'electricals', 'spa', 'afternoon-tea', 'activities-entertainment', 'whisky-tasting', 'gin-tasting'],
    description: 'Experiences and presents they will love: spa days, afternoon tea, days out and gifts delivered to the door.',
  },
  {
    slug: 'valentines', title: "Valentine's Day", location: 'glasgow', startDays: -7, endDays: 90, size: 24,
    themes: ['restaurants-food', 'spa-for-two', 'spa', 'afternoon-tea', 'cocktails', 'jewellery', 'fragrance'],
    description: 'Dinner for two, couples spa days and romantic treats across Glasgow.',
  },
  {
    slug: 'mothers-day', title: "Mother's Day", location: 'edinburgh', startDays: -7, endDays: 120, size: 20,
    themes: ['spa', 'afternoon-tea', 'beauty', 'fragrance', 'skincare', 'gift-sets'],
    description: 'Spoil mum with afternoon tea, a spa day or a pamper treat in Edinburgh.',
  },
  {
    slug: 'burns-night', title: 'Burns Night', location: 'aberdeen', startDays: -3, endDays: 65, size: 12,
    themes: ['restaurants-food', 'food-drink', 'whisky-tasting'],
    description: 'Haggis, neeps and a dram: Scottish suppers and whisky tastings around Aberdeen.',
  },
  {
    slug: 'summer-sale', title: 'Summer Sale', location: null, startDays: -120, endDays: -30, size: 20, themes: [],
    description: 'Sunny savings on days out, breaks and dining.',
  },
  {
    slug: 'easter-treats', title: 'Easter Treats', location: null, startDays: 40, endDays: 150, size: 15, themes: ['afternoon-tea', 'bakery-treats', 'toys-gifts'],
    description: 'Chocolate, afternoon tea and family days out for the Easter holidays.',
  },
];

// ---- Guides ------------------------------------------------------------------------------------

interface GuideSeed {
  slug: string;
  displayName: string;
  description: string;
  text: string;
  additionalText: string;
  redirectUrl?: string;
  listicleView: boolean;
  feed: Partial<GuideDealsFeed>;
  /** Where the listicle deals come from: a location slug and category/sub-category slugs. */
  listicle?: { location: string; themes: string[]; size: number; entries: ListicleEntrySeed[] };
}

/**
 * What an entry's words say about its deal, so it only goes beside a deal they are true of
 * (issue 15 point 9): the deal's category or sub-category, a headline price below `under` pence
 * ("Under £20"), words of its title ("with bubbles": Prosecco or Champagne).
 */
interface EntryFit {
  themes?: string[];
  under?: number;
  title?: RegExp;
}
type ListicleEntrySeed = [heading: string, text: string, fit?: EntryFit];

/** Words for a listicle deal no entry fits (a small catalogue): they claim nothing about the deal. */
const GENERIC_ENTRIES: Array<[heading: string, text: string]> = [
  ['Also worth a look', 'Another favourite with our customers.'],
  ['One to try', 'Popular with our customers, and worth a look.'],
  ['Customer favourite', 'One our customers keep coming back to.'],
];

export const GUIDES: GuideSeed[] = [
  {
    slug: 'best-afternoon-tea-glasgow',
    displayName: 'The Best Afternoon Tea in Glasgow',
    description: 'Our pick of the best afternoon teas in Glasgow, from grand hotel tearooms to prosecco teas in the Merchant City.',
    text: 'Finger sandwiches, warm scones with clotted cream and jam, and a tier of cakes: Glasgow does afternoon tea beautifully. We have rounded up the ones our customers buy most, all at a discount.',
    additionalText: 'Most afternoon teas need booking ahead, especially at weekends. Check each voucher for the days it can be used and whether a glass of fizz is included.',
    listicleView: true,
    feed: { searchTerm: 'afternoon tea', location: 'glasgow', orderBy: 'popularity', orderDirection: 'desc' },
    listicle: {
      location: 'glasgow',
      themes: ['afternoon-tea'],
      size: 5,
      entries: [
        ['Best for a special occasion', 'A proper three-tier spread with loose-leaf tea, ideal for birthdays and celebrations.', { themes: ['afternoon-tea'] }],
        ['Best with bubbles', 'Add a glass of prosecco and make an afternoon of it.', { themes: ['afternoon-tea'], title: /\b(?:prosecco|champagne)\b/i }],
        ['Best value', 'All the sandwiches, scones and cakes you would expect for a lot less than the menu price.', { themes: ['afternoon-tea'] }],
        ['Best for a catch-up', 'A relaxed spot to linger over a pot of tea with friends.', { themes: ['afternoon-tea'] }],
        ['Best for sweet tooths', 'Save room: the cakes here are the star of the show.', { themes: ['afternoon-tea'] }],
      ],
    },
  },
  {
    slug: 'spa-days-edinburgh',
    displayName: 'Spa Days in Edinburgh',
    description: 'Spa days, massages and thermal suites in Edinburgh for less, from Leith to Morningside.',
    text: 'Whether you want a full day of pool, sauna and steam or a quick massage after work, these are the Edinburgh spas our customers keep coming back to.',
    additionalText: 'Spa vouchers usually need booking directly with the spa. Bring a swimsuit and flip-flops, and arrive early to make the most of the facilities.',
    listicleView: true,
    feed: { category: 'spa', location: 'edinburgh', orderBy: 'popularity', orderDirection: 'desc' },
    listicle: {
      location: 'edinburgh',
      themes: ['spa'],
      size: 4,
      entries: [
        ['Best for a full spa day', 'Pool, thermal suite and a treatment: the whole works.', { themes: ['spa-days', 'spa-for-two'] }],
        ['Best for couples', 'Side-by-side treatments and time to relax together.', { themes: ['spa'], title: /\bfor two\b|\bcouples\b/i }],
        ['Best quick fix', 'A massage that fits into a lunch break.', { themes: ['massage'] }],
        ['Best for a treat', 'Facials and luxury extras for when you want to be pampered.', { themes: ['facials'] }],
      ],
    },
  },
  {
    slug: 'gifts-for-mum',
    displayName: 'Gifts for Mum',
    description: 'Thoughtful gifts and experiences for mum, delivered anywhere in the UK or to enjoy near home.',
    text: 'From spa days and afternoon tea to fragrance and hampers, here is our pick of presents she will actually love.',
    additionalText: 'Many experiences can be sent as an e-gift, so they arrive in time even at the last minute.',
    listicleView: false,
    feed: { tag: 'gifts for mum', allLocations: true, orderBy: 'popularity', orderDirection: 'desc' },
  },
  {
    slug: 'christmas-gift-guide',
    displayName: 'Christmas Gift Guide',
    description: 'Christmas gift ideas for everyone on your list, delivered to the door.',
    text: 'Tech for the gadget lover, pampering for the one who deserves a break and toys for the little ones: our Christmas gift guide has it all, with savings on every present.',
    additionalText: 'Order by the last posting dates shown on each deal for delivery before Christmas. Gift wrap is available at checkout on many deals.',
    listicleView: true,
    feed: { tag: 'christmas', location: 'shop', maxPrice: 10000, orderBy: 'popularity', orderDirection: 'desc', excludedCategories: ['electricals'] },
    listicle: {
      location: 'shop',
      themes: ['toys-gifts', 'health-beauty', 'fashion', 'home-garden'],
      size: 6,
      entries: [
        ['For the little ones', 'Toys and games to unwrap on Christmas morning.', { themes: ['toys-games'] }],
        ['For the one who has everything', 'A gift they would never buy for themselves.'],
        ['Stocking filler', 'Small, clever and easy on the budget.', { under: 2500 }],
        ['For the host', 'A present for the home that keeps on giving.', { themes: ['home-garden'] }],
        ['For a bit of luxury', 'Beauty and fragrance to feel fabulous.', { themes: ['health-beauty'] }],
        ['Secret Santa', 'Under £20 and guaranteed to raise a smile.', { under: 2000 }],
      ],
    },
  },
  {
    slug: 'affiliate/student-deals',
    displayName: 'Student Deals in Glasgow',
    description: 'Cheap eats, days out and treats in Glasgow, all under £20.',
    text: 'Stretch your student budget further: food, fun and fitness in Glasgow for under £20.',
    additionalText: 'Prices shown include the discount. Bring your voucher on your phone.',
    listicleView: false,
    feed: { location: 'glasgow', maxPrice: 2000, orderBy: 'pricelow', orderDirection: 'asc', excludedCategories: ['spa'] },
  },
  {
    slug: 'old-spa-guide',
    displayName: 'Spa Days in Edinburgh',
    description: 'This guide has moved.',
    text: '',
    additionalText: '',
    redirectUrl: '/guides/spa-days-edinburgh',
    listicleView: false,
    feed: { category: 'spa', location: 'edinburgh' },
  },
];

/** A stored feed: the contract's feed, validated, unset values left out. */
function storedFeed(feed: Partial<GuideDealsFeed>): string {
  const full = GuideDealsFeedSchema.parse({
    searchTerm: null, tag: null, location: null, category: null, subcategory: null, minPrice: null, maxPrice: null,
    orderBy: null, orderDirection: null, excludedCategories: [], excludedDeals: [], allLocations: false, ...feed,
  });
  return JSON.stringify(Object.fromEntries(Object.entries(full).filter(([, v]) => v !== null)));
}

// ---- The writer ----------------------------------------------------------------------------------

interface DealFact {
  id: number;
  location_id: number;
  category_id: number;
  subcategory_id: number | null;
  closing_date: Date | null;
  sold_count: number;
  discount_percentage: number;
  title: string;
  headline_price_pence: number;
}

/** Replaces the list content for the current catalogue and clears the customer history. */
export async function seedLists(db: DealsDb, options: ListsSeedOptions = {}): Promise<ListsSeedResult> {
  return db.transaction().execute(async (trx) => {
    await sql`truncate deals.deal_view, deals.purchase_history`.execute(trx);
    return writeLists(trx, options);
  });
}

/**
 * Writes the list content when a catalogue exists and none of it is there yet (a database seeded
 * before these tables existed). True when it wrote something.
 */
export async function seedListsIfMissing(db: DealsDb, options: ListsSeedOptions = {}): Promise<boolean> {
  const count = async (table: 'location' | 'guide' | 'near_me_area' | 'special_event') =>
    Number((await db.withSchema('deals').selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
  if ((await count('location')) === 0) return false;
  if ((await count('guide')) + (await count('near_me_area')) + (await count('special_event')) > 0) return false;
  await db.transaction().execute((trx) => writeLists(trx, options));
  return true;
}

async function writeLists(db: DealsDb, options: ListsSeedOptions): Promise<ListsSeedResult> {
  const now = options.now ?? new Date();
  const root = new Random(options.seed ?? LISTS_DEFAULT_SEED).fork('lists');
  const at = (days: number) => new Date(now.getTime() + days * DAY);

  await sql`truncate deals.special_event_deal, deals.special_event, deals.near_me_area, deals.guide`.execute(db);
  await sql`update deals.deal set early_bird_until = null where early_bird_until is not null`.execute(db);

  const [locations, categories, deals] = await Promise.all([
    db.withSchema('deals').selectFrom('location').select(['id', 'slug']).execute(),
    db.withSchema('deals').selectFrom('category').select(['id', 'slug', 'parent_id']).execute(),
    db
      .withSchema('deals')
      .selectFrom('deal')
      .select(['id', 'location_id', 'category_id', 'subcategory_id', 'closing_date', 'sold_count', 'discount_percentage', 'title', 'headline_price_pence'])
      .orderBy('id')
      .execute() as Promise<DealFact[]>,
  ]);
  const locationId = new Map(locations.map((l) => [l.slug, l.id]));
  const slugOf = new Map(categories.map((c) => [c.id, c.slug]));
  const inThemes = (d: DealFact, themes: string[]) =>
    themes.includes(slugOf.get(d.category_id) ?? '') || (d.subcategory_id !== null && themes.includes(slugOf.get(d.subcategory_id) ?? ''));
  const isLive = (d: DealFact) => d.closing_date === null || new Date(d.closing_date).getTime() > now.getTime();

  // Early-bird windows.
  const ebRng = root.fork('early-bird');
  const windows: Array<{ id: number; until: Date }> = [];
  for (const d of deals) {
    if (ebRng.chance(EARLY_BIRD_SHARE)) windows.push({ id: d.id, until: new Date(now.getTime() + ebRng.int(1, 21) * DAY + ebRng.int(0, 23) * HOUR) });
    else if (ebRng.chance(CLOSED_WINDOW_SHARE)) windows.push({ id: d.id, until: new Date(now.getTime() - ebRng.int(1, 10) * DAY) });
  }
  for (let i = 0; i < windows.length; i += 1000) {
    const values = sql.join(windows.slice(i, i + 1000).map((w) => sql`(${w.id}::int, ${w.until}::timestamptz)`));
    await sql`update deals.deal as d set early_bird_until = v.until from (values ${values}) as v (id, until) where d.id = v.id`.execute(db);
  }

  // Special events and their deals.
  const national = locations.find((l) => l.slug === 'shop')?.id;
  const events: NewSpecialEvent[] = [];
  const eventDeals: Array<{ event_id: number; deal_id: number; position: number }> = [];
  SPECIAL_EVENTS.forEach((e, index) => {
    const id = index + 1;
    const loc = e.location === null ? null : (locationId.get(e.location) ?? null);
    if (e.location !== null && loc === null) return;
    events.push({ id, slug: e.slug, location_id: loc, title: e.title, description: e.description, starts_at: at(e.startDays), ends_at: at(e.endDays), position: id });
    const rng = root.fork(`event:${e.slug}`);
    const pool = deals.filter((d) => (loc === null ? true : d.location_id === loc || d.location_id === national) && (e.minDiscount === undefined || d.discount_percentage >= e.minDiscount));
    const themed = e.themes.length ? pool.filter((d) => inThemes(d, e.themes)) : pool;
    const picked = rng.sample(themed, e.size);
    if (picked.length < 12) {
      const chosen = new Set(picked.map((d) => d.id));
      picked.push(...rng.sample(pool.filter((d) => !chosen.has(d.id)), 12 - picked.length));
    }
    picked.forEach((d, i) => eventDeals.push({ event_id: id, deal_id: d.id, position: i + 1 }));
  });
  if (events.length) await db.withSchema('deals').insertInto('special_event').values(events).execute();
  for (let i = 0; i < eventDeals.length; i += 1000) {
    await db.withSchema('deals').insertInto('special_event_deal').values(eventDeals.slice(i, i + 1000)).execute();
  }

  // Near-me areas.
  const areas: NewNearMeArea[] = [];
  for (const [slug, list] of Object.entries(NEAR_ME_AREAS)) {
    const loc = locationId.get(slug);
    if (loc === undefined) continue;
    list.forEach((a, i) => areas.push({ id: areas.length + 1, location_id: loc, slug: a.slug, name: a.name, lat: a.lat, lon: a.lon, radius_km: a.radiusKm, position: i + 1 }));
  }
  if (areas.length) await db.withSchema('deals').insertInto('near_me_area').values(areas).execute();

  // Guides, with listicles of the location's most popular live deals of the theme, each entry beside a deal it is true of.
  const guides: NewGuide[] = GUIDES.map((g, index) => {
    const listicle: StoredListicleEntry[] = [];
    if (g.listicle) {
      const loc = locationId.get(g.listicle.location);
      const live = deals.filter((d) => d.location_id === loc && isLive(d)).sort((a, b) => b.sold_count - a.sold_count || a.id - b.id);
      const themed = live.filter((d) => inThemes(d, g.listicle!.themes));
      const candidates = [...themed, ...live.filter((d) => !themed.includes(d))];
      // Each entry beside the most popular deal its words are true of; then generic words.
      const used = new Set<number>();
      const fits = (d: DealFact, fit: EntryFit | undefined) =>
        !fit ||
        ((fit.themes === undefined || inThemes(d, fit.themes)) &&
          (fit.under === undefined || Number(d.headline_price_pence) < fit.under) &&
          (fit.title === undefined || fit.title.test(d.title)));
      for (const [heading, text, fit] of g.listicle.entries) {
        if (listicle.length >= g.listicle.size) break;
        const d = candidates.find((c) => !used.has(c.id) && fits(c, fit));
        if (!d) continue;
        used.add(d.id);
        listicle.push({ dealId: d.id, heading, text });
      }
      for (const d of candidates) {
        if (listicle.length >= g.listicle.size) break;
        if (used.has(d.id)) continue;
        used.add(d.id);
        const [heading, text] = GENERIC_ENTRIES[listicle.length % GENERIC_ENTRIES.length]!;
        listicle.push({ dealId: d.id, heading, text });
      }
    }
    return {
      id: index + 1,
      slug: g.slug,
      display_name: g.displayName,
      description: g.description,
      text: g.text,
      additional_text: g.additionalText,
      redirect_url: g.redirectUrl ?? null,
      listicle_view: g.listicleView,
      deals_feed: storedFeed(g.feed),
      listicle: JSON.stringify(listicle),
    };
  });
  await db.withSchema('deals').insertInto('guide').values(guides).execute();

  return {
    earlyBird: windows.filter((w) => w.until.getTime() > now.getTime()).length,
    events: events.length,
    eventDeals: eventDeals.length,
    areas: areas.length,
    guides: guides.length,
  };
}
