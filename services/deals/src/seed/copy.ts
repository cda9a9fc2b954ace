/**
 * Believable British-English copy for seeded deals: merchant names, titles, headlines,
 * descriptions, highlights, fine print and product options, per category.
 *
 * Copy never states a fact the data does not back (issue 15 point 9). Each generator works in two
 * steps: planOffer makes every random choice (the merchant's name, the options with how many people
 * and nights each is for, their prices, per-person pricing…) and returns a plan; the seed then
 * stores the merchant and the options, and the plan's write() makes the copy from those stored
 * facts: the merchant's street and hotel stars, the people and nights of
 * the options, their deposits and postage, the deal's purchase limit. write() draws no random
 * numbers, so the seed stays deterministic. It never states the merchant's rating: reviews are
 * real rows whose average changes as shoppers review (issue 19 point 9), shown live on the page.
 */
import { PRICE_PER_PERSON_MIN_QUANTITY } from '@shop/domain';
import type { Random } from './random.ts';
import type { Area, Destination } from './catalogue-data.ts';

export const TITLE_MAX = 65; // spec §9: deal title 65
export const TEXT_MAX = 195; // spec §9: text 195

export interface ProductDraft {
  title: string;
  /** Pence. */
  original: number;
  discountPct: number;
  /** How many people the option is for, when its title says ("… for two", "… for up to four"). */
  people?: number;
  nights?: number;
  postage?: number;
  deposit?: number;
}

/** The merchant as stored (deals.merchant) and as the deal page shows it. */
export interface MerchantFacts {
  name: string;
  /** The street of its address; null for travel (the address is the place). */
  street: string | null;
  /** The area (local) or destination (travel) its address ends with. */
  place: string;
  /** A hotel's star rating: one per hotel, whichever of its deals says it. */
  stars: number;
}

/** One option as stored (deals.product), VIP-exclusive copies included. */
export interface OptionFacts {
  title: string;
  people: number | null;
  nights: number | null;
  postagePence: number | null;
  depositPence: number | null;
  vipExclusive: boolean;
  disabled: boolean;
}

/** What the copy is written from: the stored data the deal page shows. */
export interface DealFacts {
  merchant: MerchantFacts;
  options: OptionFacts[];
  /** The deal's purchase cap (deals.deal.purchase_cap). */
  purchaseCap: number | null;
}

export interface OfferCopy {
  title: string;
  headline: string;
  description: string;
  highlights: string[];
  /** Without the validity sentence: the deal mapper writes it from `voucherValidityMonths`. */
  finePrint: string[];
  imageAlt: string;
}

export interface OfferPlan {
  merchantName: string;
  website: string | null;
  /** How long the deal's vouchers are valid from purchase (deals.deal.voucher_validity_months). */
  voucherValidityMonths: number;
  products: ProductDraft[];
  pricePerPerson: boolean;
  bookingCalendar: boolean;
  deliveryType: 'voucher' | 'postal' | 'travel';
  giftClaim: boolean;
  /** The copy, from the stored facts; no randomness (every choice was made by the generator). */
  write(facts: DealFacts): OfferCopy;
}

export interface OfferContext {
  rng: Random;
  category: string;
  sub: string | null;
  subName: string | null;
  area: Area | null;
  destination: Destination | null;
}

/** Shortest candidate that fits, preferring the first (richest) one. */
export function fitTitle(candidates: string[], max = TITLE_MAX): string {
  for (const c of candidates) if (c.length <= max) return c;
  const last = candidates[candidates.length - 1]!;
  const cut = last.slice(0, max + 1);
  return cut.slice(0, cut.lastIndexOf(' ')).replace(/[,:;&-]+$/, '').trim();
}

function cap(text: string, max = TEXT_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

function pounds(rng: Random, min: number, max: number, step = 1): number {
  const value = Math.round(rng.int(min, max) / step) * step;
  return value * 100;
}

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function slugSite(name: string): string {
  return `https://www.${name.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '')}.co.uk`;
}

// ---- Facts into words ---------------------------------------------------------------------

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const numberWord = (n: number): string => NUMBER_WORDS[n] ?? String(n);

/** "two", "two or four", "one, two or four" (each number once, smallest first). */
function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}
function peopleList(counts: readonly number[]): string {
  return orList([...new Set(counts)].sort((a, b) => a - b).map(numberWord));
}

/** An option's "for two" / "for up to four". */
const forPeople = (n: number, upTo = false) => `for ${upTo ? 'up to ' : ''}${numberWord(n)}`;

/** The options everyone is offered (VIP-exclusive copies of an option aside). */
const publicOptions = (facts: DealFacts) => facts.options.filter((o) => !o.vipExclusive);
/** How many people the public options are for (the options that say). */
const peopleOf = (facts: DealFacts) => publicOptions(facts).flatMap((o) => (o.people === null ? [] : [o.people]));

/** "Two or Four" for titles, "two or four" for sentences: the people counts the options are for. */
function peoplePhrase(facts: DealFacts): { title: string; text: string } {
  const text = peopleList(peopleOf(facts));
  return { title: cap1(text), text };
}

/** What a price-per-person deal is bought for: each unit is one person, from the domain's minimum. */
const PER_PERSON = `for ${numberWord(PRICE_PER_PERSON_MIN_QUANTITY)} or more`;

/** "on Byres Road in West End" from the merchant's address. */
const whereOn = (m: MerchantFacts) => (m.street ? `on ${m.street} in ${m.place}` : `in ${m.place}`);

/** "Limit 5 per customer." from the deal's purchase cap, or nothing when it has none. */
const limitSentence = (facts: DealFacts): string[] => (facts.purchaseCap === null ? [] : [`Limit ${facts.purchaseCap} per customer.`]);

// The validity sentence is not here: it is made from each deal's voucherValidityMonths (issue 14 E).
const COMMON_FINE_PRINT = [
  'Booking required in advance and subject to availability.',
  'Please present your voucher on arrival.',
  'Not valid with any other offer.',
];

// ---- Restaurants & food ---------------------------------------------------------------

const CUISINE: Record<string, { adj: string; prefixes: string[]; names: string[]; dishes: string[]; drink: string }> = {
  italian: { adj: 'Italian', prefixes: ['Trattoria', 'Osteria', 'Ristorante', 'Caffè'], names: ['Lucca', 'Sorrento', 'Bella Napoli', 'Amalfi', 'Toscana', 'Rosa', 'Verona', 'Porto Fino', 'Da Enzo', 'Il Forno'], dishes: ['fresh pasta', 'wood-fired pizza', 'risotto', 'tiramisu'], drink: 'Prosecco' },
  indian: { adj: 'Indian', prefixes: ['The', 'Spice of', 'Taste of'], names: ['Kashmir Lounge', 'Mother India Kitchen', 'Punjab Tiffin', 'Bombay Street', 'Kerala', 'Chilli Tree', 'Mumbai Junction'], dishes: ['tandoori platters', 'slow-cooked curries', 'street-food small plates', 'garlic naan'], drink: 'Kingfisher' },
  steakhouse: { adj: 'steak', prefixes: ['The', ''], names: ['Butcher & Grill', 'Ember Steakhouse', 'Highland Grill', 'Black Angus Rooms', 'Cattle & Co.'], dishes: ['Scotch beef sirloin', 'rib-eye', 'triple-cooked chips', 'peppercorn sauce'], drink: 'a glass of red' },
  seafood: { adj: 'seafood', prefixes: ['The', ''], names: ['Oyster Shed', 'Fishmarket Kitchen', 'Crab & Creel', 'Harbour Catch', 'Shellfish Bar'], dishes: ['West Coast mussels', 'langoustines', 'fish and chips', 'Cullen skink'], drink: 'a glass of white wine' },
  brunch: { adj: 'brunch', prefixes: ['', 'The'], names: ['Sunday Social', 'Toast & Co.', 'Bean Brothers', 'The Early Bird Café', 'Pancake Pantry'], dishes: ['eggs Benedict', 'stacked pancakes', 'a full Scottish breakfast', 'avocado sourdough'], drink: 'bottomless Prosecco' },
  asian: { adj: 'Asian', prefixes: ['', 'The'], names: ['Red Lantern', 'Bamboo House', 'Saigon Kitchen', 'Tokyo Tea Room', 'Lotus Garden', 'Seoul Food'], dishes: ['bao buns', 'ramen', 'dim sum', 'Korean fried chicken'], drink: 'a cocktail' },
  pizza: { adj: 'pizza', prefixes: ['', 'The'], names: ['Dough Republic', 'Slice Club', 'Napoli Express', 'Firebrick Pizza', 'Crust & Co.'], dishes: ['sourdough pizza', 'dough balls', 'garlic bread', 'gelato'], drink: 'a craft beer' },
  burgers: { adj: 'burger', prefixes: ['', 'The'], names: ['Bun & Brisket', 'Smash Burger Co.', 'Patty Shack', 'Grill Street Diner'], dishes: ['smashed burgers', 'loaded fries', 'onion rings', 'milkshakes'], drink: 'a craft beer' },
};

function restaurant(ctx: OfferContext): OfferPlan {
  const { rng } = ctx;
  const c = CUISINE[ctx.sub ?? 'italian'] ?? CUISINE.italian!;
  const prefix = rng.pick(c.prefixes);
  const merchantName = `${prefix ? `${prefix} ` : ''}${rng.pick(c.names)}`.replace(/^The The /, 'The ');
  const courses = rng.pick(['Two-Course', 'Three-Course', 'Sharing-Platter', 'Tasting-Menu'] as const);
  const withDrink = rng.chance(0.6);
  const dish = rng.pick(c.dishes);
  const meal = courses === 'Sharing-Platter' ? 'Sharing Platter' : courses === 'Tasting-Menu' ? 'Tasting Menu' : `${courses} ${cap1(c.adj)} Meal`;
  // " with a Glass of Red": every option includes the drink, the one for one too.
  const drinkPart = withDrink ? cap1(` with ${c.drink}`) : '';
  const drinkPence = withDrink ? 700 : 0;
  const perHead = { 'Two-Course': [20, 32], 'Three-Course': [28, 45], 'Sharing-Platter': [18, 30], 'Tasting-Menu': [45, 75] }[courses] as [number, number];
  const base = pounds(rng, perHead[0], perHead[1]);
  const products: ProductDraft[] = [
    { title: `${meal}${drinkPart} ${forPeople(2)}`, original: (base + drinkPence) * 2, discountPct: rng.int(35, 55), people: 2 },
  ];
  if (rng.chance(0.7)) products.push({ title: `${meal}${drinkPart} ${forPeople(4)}`, original: (base + drinkPence) * 4, discountPct: rng.int(38, 58), people: 4 });
  if (rng.chance(0.25)) products.unshift({ title: `${meal}${drinkPart} ${forPeople(1)}`, original: base + drinkPence, discountPct: rng.int(30, 45), people: 1 });
  return {
    merchantName,
    website: rng.chance(0.8) ? slugSite(merchantName) : null,
    voucherValidityMonths: 3,
    products,
    pricePerPerson: false,
    bookingCalendar: rng.chance(0.3),
    deliveryType: 'voucher',
    giftClaim: rng.chance(0.4),
    write(facts) {
      const m = facts.merchant;
      const people = peoplePhrase(facts);
      return {
        title: fitTitle([
          `${meal}${drinkPart} for ${people.title} at ${m.name}`,
          `${meal}${drinkPart} for ${people.title}`,
          `${meal} for ${people.title} at ${m.name}`,
          `${meal} for ${people.title}`,
        ]),
        headline: cap(upper(`${lower(meal)}${withDrink ? ` with ${c.drink}` : ''} for ${people.text} at ${m.name}, ${m.place}`)),
        description: cap(`${m.name} brings ${c.adj === 'Italian' || c.adj === 'Indian' || c.adj === 'Asian' ? `${c.adj} cooking` : `${c.adj} favourites`} to ${m.place}, with ${dish} and seasonal specials made from Scottish produce. Choose your dishes from the à la carte menu${withDrink ? ` and toast the occasion with ${c.drink}` : ''}.`),
        highlights: [`${meal} from the à la carte menu`, withDrink ? `Includes ${c.drink} per person` : `Signature ${dish}`, `In the heart of ${m.place}`, 'Seasonal specials made with Scottish produce'],
        finePrint: [...COMMON_FINE_PRINT.slice(0, 2), 'Valid Sunday to Thursday; Friday and Saturday for a £5 supplement.', 'Over-18s only for alcoholic drinks.'],
        imageAlt: `A table laid with ${dish} at ${m.name}`,
      };
    },
  };
}

const SMALL_WORDS = new Set(['a', 'an', 'and', 'at', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);
/** Title Case with small words kept lower-case ("with a Craft Beer"). */
function cap1(s: string): string {
  return s.replace(/[A-Za-z][\w'’-]*/g, (w, offset: number) => (offset > 0 && SMALL_WORDS.has(w.toLowerCase()) ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1)));
}

/** "Cranachan & Co.'s", "The Willow Tea Rooms'". */
function possessive(name: string): string {
  return name.endsWith('s') ? `${name}’` : `${name}’s`;
}

// ---- Activities -------------------------------------------------------------------------

const ACTIVITY: Record<string, { names: string[]; thing: string; long: string; unit: 'person' | 'group'; price: [number, number] }> = {
  'escape-rooms': { names: ['Locked In', 'The Great Escape Rooms', 'Clue Quest', 'Enigma Escapes', 'Breakout Games'], thing: 'Escape Room Experience', long: 'a 60-minute escape room adventure with puzzles, padlocks and a ticking clock', unit: 'group', price: [60, 110] },
  golf: { names: ['Clydeside Golf Centre', 'Fairways Driving Range', 'Links Golf Academy', 'Parkland Golf Club'], thing: 'Round of Golf', long: 'eighteen holes on a well-kept parkland course, or a lesson with a PGA professional', unit: 'person', price: [30, 70] },
  karting: { names: ['Xtreme Karting', 'Grand Prix Indoor Karting', 'Raceway Scotland', 'Pole Position Karts'], thing: 'Go-Karting Race', long: 'qualifying heats and a grand final on a floodlit indoor track', unit: 'person', price: [35, 60] },
  'axe-throwing': { names: ['Hatchet House', 'Lumberjack Axe Club', 'Viking Axe Throwing'], thing: 'Axe Throwing Session', long: 'a coached axe-throwing session in private lanes', unit: 'person', price: [20, 35] },
  tours: { names: ['City Sightseeing Tours', 'Hidden Closes Walking Tours', 'Loch & Glen Day Tours', 'Ghost Walk Company'], thing: 'Guided City Tour', long: 'a guided tour of closes, landmarks and the stories behind them', unit: 'person', price: [15, 45] },
  climbing: { names: ['Boulder Hub', 'The Climbing Wall', 'Summit Indoor Climbing'], thing: 'Climbing Taster Session', long: 'a taster climbing session with all equipment and an instructor', unit: 'person', price: [25, 45] },
  'bowling': { names: ['Lane 7 Social', 'Strike Bowl & Bar', 'Pins & Pints'], thing: 'Bowling and Pizza', long: 'two games of bowling with a pizza and a drink each', unit: 'group', price: [40, 70] },
};

function activity(ctx: OfferContext): OfferPlan {
  const { rng } = ctx;
  const a = ACTIVITY[ctx.sub ?? 'escape-rooms'] ?? ACTIVITY['escape-rooms']!;
  const merchantName = rng.pick(a.names);
  // Priced per person: one option, bought once per person (for two or more).
  const perPerson = a.unit === 'person' && rng.chance(0.5);
  const base = pounds(rng, a.price[0], a.price[1]);
  const products: ProductDraft[] =
    a.unit === 'group'
      ? [
          { title: `${a.thing} ${forPeople(2, true)}`, original: base, discountPct: rng.int(35, 60), people: 2 },
          { title: `${a.thing} ${forPeople(4, true)}`, original: Math.round(base * 1.6), discountPct: rng.int(40, 60), people: 4 },
          ...(rng.chance(0.5) ? [{ title: `${a.thing} ${forPeople(6, true)}`, original: base * 2, discountPct: rng.int(40, 62), people: 6 }] : []),
        ]
      : perPerson
        ? [{ title: `${a.thing}, per person`, original: base, discountPct: rng.int(30, 55) }]
        : [{ title: `${a.thing} ${forPeople(1)}`, original: base, discountPct: rng.int(30, 55), people: 1 }, { title: `${a.thing} ${forPeople(2)}`, original: base * 2, discountPct: rng.int(35, 60), people: 2 }];
  return {
    merchantName,
    website: slugSite(merchantName),
    voucherValidityMonths: 6,
    products,
    pricePerPerson: perPerson,
    bookingCalendar: rng.chance(0.6),
    deliveryType: 'voucher',
    giftClaim: rng.chance(0.5),
    write(facts) {
      const m = facts.merchant;
      const people = perPerson ? { title: cap1(PER_PERSON.slice(4)), text: PER_PERSON.slice(4) } : peoplePhrase(facts);
      return {
        title: fitTitle([`${a.thing} for ${people.title} at ${m.name}`, `${a.thing} for ${people.title}`]),
        headline: cap(upper(`${lower(a.thing)} for ${people.text} at ${m.name}, ${m.place}`)),
        description: cap(`Enjoy ${a.long}. ${m.name} is ${whereOn(m)} and suits birthdays, team outings and days out with friends.`),
        highlights: [
          cap1(a.thing),
          perPerson ? `Priced per person, ${PER_PERSON}` : a.unit === 'group' ? `Options for groups of ${people.text}` : `Options for ${people.text} ${peopleOf(facts).length === 1 && peopleOf(facts)[0] === 1 ? 'person' : 'people'}`,
          'All equipment provided',
          'Friendly, safety-briefed staff',
        ],
        finePrint: [...COMMON_FINE_PRINT.slice(0, 2), 'Please arrive 15 minutes before your session.', 'Minimum age 12; under-16s must be accompanied by an adult.'],
        imageAlt: `${a.thing} at ${m.name}`,
      };
    },
  };
}

// ---- Afternoon tea (both the top-level category and food-drink/afternoon-tea) -----------

const TEA_PLACES = ['The Grand Central Hotel', 'The Willow Tea Rooms', 'Kelvingrove Tea House', 'The Balmoral Lounge', 'The Dome', 'Cranachan & Co.', 'The Georgian Tea Room', 'Eteaket', 'The Marcliffe', 'Chester Hotel Lounge', 'Mrs Bridges Tearoom', 'Primrose Pantry'];

function afternoonTea(ctx: OfferContext): OfferPlan {
  const { rng } = ctx;
  const merchantName = rng.pick(TEA_PLACES);
  const style = ctx.sub === 'prosecco-afternoon-tea' ? 'Prosecco' : ctx.sub === 'gin-afternoon-tea' ? 'Gin' : rng.pick(['Classic', 'Prosecco', 'Classic', 'Champagne'] as const);
  const name = style === 'Classic' ? 'Afternoon Tea' : `${style} Afternoon Tea`;
  const base = pounds(rng, style === 'Champagne' ? 38 : style === 'Classic' ? 22 : 30, style === 'Champagne' ? 55 : 40);
  const products: ProductDraft[] = [
    { title: `${name} ${forPeople(2)}`, original: base * 2, discountPct: rng.int(35, 55), people: 2 },
    ...(rng.chance(0.6) ? [{ title: `${name} ${forPeople(4)}`, original: base * 4, discountPct: rng.int(38, 58), people: 4 }] : []),
  ];
  return {
    merchantName,
    website: slugSite(merchantName),
    voucherValidityMonths: 3,
    products,
    pricePerPerson: false,
    bookingCalendar: rng.chance(0.5),
    deliveryType: 'voucher',
    giftClaim: true,
    write(facts) {
      const m = facts.merchant;
      const people = peoplePhrase(facts);
      return {
        title: fitTitle([`${name} for ${people.title} at ${m.name}`, `${name} for ${people.title}`]),
        headline: cap(upper(`${name.toLowerCase().replace('prosecco', 'Prosecco').replace('champagne', 'Champagne')} for ${people.text} at ${m.name}, ${m.place}`)),
        description: cap(`Finger sandwiches, warm scones with clotted cream and jam, and a tier of handmade cakes, served with loose-leaf tea${style === 'Classic' ? '' : ` and a glass of ${style}`} in ${possessive(m.name)} elegant lounge.`),
        highlights: ['Finger sandwiches and warm scones', 'Handmade cakes and pastries', style === 'Classic' ? 'Bottomless loose-leaf tea or coffee' : `A glass of ${style} each`, 'Gluten-free option on request'],
        finePrint: [...COMMON_FINE_PRINT.slice(0, 2), 'Served daily from 12pm to 4.30pm.', 'Dietary requirements must be given when booking.'],
        imageAlt: `A tiered stand of sandwiches, scones and cakes at ${m.name}`,
      };
    },
  };
}

// ---- Spa and beauty ----------------------------------------------------------------------

const SPA_NAMES = ['Serenity Day Spa', 'The Waterside Spa', 'Blythswood Spa', 'One Spa', 'Amber Spa', 'The Retreat', 'Solace Spa', 'Lotus Wellbeing'];
const SALON_NAMES = ['Polished Nail Bar', 'Glow Beauty Rooms', 'The Lash Lounge', 'Brow & Co.', 'Maison Hair', 'Salon Seven', 'Luxe Aesthetics Clinic', 'Bloom Beauty'];

const TREATMENTS: Record<string, { items: Array<[string, number, number]>; kind: 'spa' | 'salon' }> = {
  'spa-days': { kind: 'spa', items: [['Spa Day with Treatment and Lunch', 60, 110], ['Twilight Spa Package', 45, 80], ['Pamper Day with Two Treatments', 75, 130]] },
  'spa-for-two': { kind: 'spa', items: [['Spa Day for Two with Prosecco', 110, 190], ['Couples Spa Ritual', 120, 200]] },
  massage: { kind: 'spa', items: [['60-Minute Full-Body Massage', 45, 75], ['Hot Stone Massage', 50, 80], ['Back, Neck and Shoulder Massage', 30, 50]] },
  facials: { kind: 'spa', items: [['Luxury 60-Minute Facial', 45, 85], ['Hydrating Facial and Hand Treatment', 40, 70]] },
  spa: { kind: 'spa', items: [['Pamper Package with Massage and Facial', 60, 110], ['Deep Tissue Massage', 45, 70]] },
  nails: { kind: 'salon', items: [['Gel Manicure', 25, 35], ['Gel Manicure and Pedicure', 45, 65], ['BIAB Nail Treatment', 30, 45]] },
  hair: { kind: 'salon', items: [['Cut, Wash and Blow-Dry', 35, 60], ['Full Head of Highlights with Cut', 80, 140], ['Keratin Smoothing Treatment', 90, 150]] },
  'lashes-brows': { kind: 'salon', items: [['Lash Lift and Tint', 40, 55], ['Brow Lamination and Tint', 35, 50], ['Classic Lash Extensions', 50, 75]] },
  aesthetics: { kind: 'salon', items: [['Microdermabrasion Course', 90, 180], ['Skin Peel Treatment', 60, 110], ['LED Light Therapy Course', 80, 150]] },
};

function spaBeauty(ctx: OfferContext): OfferPlan {
  const { rng } = ctx;
  const t = TREATMENTS[ctx.sub ?? 'spa-days'] ?? TREATMENTS['spa-days']!;
  const [name, lo, hi] = rng.pick(t.items);
  const merchantName = rng.pick(t.kind === 'spa' ? SPA_NAMES : SALON_NAMES);
  const base = pounds(rng, lo, hi);
  // A treatment for two already ("Spa Day for Two", "Couples Spa Ritual") has no "for two" option.
  const forTwo = /\bfor Two\b|\bCouples\b/.test(name);
  const products: ProductDraft[] = [{ title: name, original: base, discountPct: rng.int(35, 65), ...(forTwo ? { people: 2 } : {}) }];
  if (t.kind === 'spa' && !forTwo && !name.includes('Two')) products.push({ title: `${name} ${forPeople(2)}`, original: base * 2, discountPct: rng.int(40, 65), people: 2 });
  if (t.kind === 'salon' && rng.chance(0.5)) products.push({ title: `${name}, course of three`, original: base * 3, discountPct: rng.int(45, 70) });
  return {
    merchantName,
    website: slugSite(merchantName),
    voucherValidityMonths: 6,
    products,
    pricePerPerson: false,
    bookingCalendar: rng.chance(0.5),
    deliveryType: 'voucher',
    giftClaim: true,
    write(facts) {
      const m = facts.merchant;
      const pairs = publicOptions(facts).map((o) => (o.people ?? 1) >= 2);
      const timeOut = pairs.every(Boolean) ? 'take some time out together' : pairs.some(Boolean) ? 'take some time out, alone or together' : 'take some time out for yourself';
      return {
        title: fitTitle([`${name} at ${m.name}`, name]),
        headline: cap(`${name} at ${m.name} in ${m.place}: ${timeOut}`),
        description: cap(`${m.name} is a calm ${t.kind === 'spa' ? 'spa' : 'salon'} ${whereOn(m)} with qualified therapists and premium products. Your ${name.toLowerCase()} includes a consultation beforehand.`),
        highlights: [name, 'Qualified, friendly therapists', 'Premium, cruelty-free products', `Easy to reach in ${m.place}`],
        finePrint: [...COMMON_FINE_PRINT.slice(0, 2), t.kind === 'salon' ? 'A patch test is required 48 hours before tints and lash treatments.' : 'Robe and towels provided; please bring swimwear.', 'Cancellations need 24 hours\u2019 notice.'],
        imageAlt: `${name} at ${m.name}`,
      };
    },
  };
}

// ---- Health & fitness, learning ------------------------------------------------------------

const CLASSES: Record<string, { names: string[]; items: Array<[string, number, number]> }> = {
  'gym-passes': { names: ['Pulse Fitness', 'Iron Works Gym', 'Anytime Strength Club', 'The Training Ground'], items: [['One-Month Gym Membership', 30, 50], ['Ten-Visit Gym Pass', 40, 70]] },
  'yoga-pilates': { names: ['Still Point Yoga', 'Core Pilates Studio', 'Hot Yoga Collective'], items: [['Ten Yoga Classes', 60, 110], ['Five Reformer Pilates Classes', 70, 120]] },
  'personal-training': { names: ['PT Collective', 'Strong Starts Coaching', 'Fit Factory'], items: [['Three Personal Training Sessions', 90, 150], ['Six-Week Transformation Plan', 150, 250]] },
  bootcamps: { names: ['Park Bootcamp Co.', 'Warrior Fitness', 'Beach Body Bootcamp'], items: [['Four-Week Outdoor Bootcamp', 40, 80], ['Unlimited Bootcamp Month', 50, 90]] },
  'cookery-classes': { names: ['The Cookery School', 'Kitchen Table Academy', 'Pasta Lab'], items: [['Half-Day Cookery Class', 60, 120], ['Pasta-Making Masterclass', 55, 90]] },
  'art-classes': { names: ['Paint & Sip Studio', 'The Pottery Barn', 'Life Drawing Collective'], items: [['Paint and Sip Evening', 25, 40], ['Pottery Wheel Taster', 40, 70]] },
  'language-lessons': { names: ['Lingua Language School', 'Alliance Language Centre'], items: [['Ten-Week Beginners\u2019 Spanish Course', 120, 200], ['Italian Conversation Course', 110, 180]] },
  'driving-lessons': { names: ['Green Light Driving School', 'First Pass Motoring'], items: [['Three One-Hour Driving Lessons', 90, 120], ['Five Driving Lessons', 140, 190]] },
};

function classes(ctx: OfferContext): OfferPlan {
  const { rng } = ctx;
  const c = CLASSES[ctx.sub ?? 'gym-passes'] ?? CLASSES['gym-passes']!;
  const merchantName = rng.pick(c.names);
  const [name, lo, hi] = rng.pick(c.items);
  const base = pounds(rng, lo, hi);
  // Priced per person: bought once per person, so there is no "for two" option.
  const perPerson = rng.chance(0.3);
  const products: ProductDraft[] = [{ title: name, original: base, discountPct: rng.int(40, 70) }];
  if (!perPerson && rng.chance(0.4)) products.push({ title: `${name} ${forPeople(2)}`, original: base * 2, discountPct: rng.int(45, 70), people: 2 });
  return {
    merchantName,
    website: slugSite(merchantName),
    voucherValidityMonths: 6,
    products,
    pricePerPerson: perPerson,
    bookingCalendar: rng.chance(0.4),
    deliveryType: 'voucher',
    giftClaim: rng.chance(0.6),
    write(facts) {
      const m = facts.merchant;
      return {
        title: fitTitle([`${name} at ${m.name}`, name]),
        headline: cap(`${name} at ${m.name}, ${m.place}: learn something new or get back in shape`),
        description: cap(`${m.name} runs friendly, expert-led sessions in ${m.place}. ${name} suits complete beginners and improvers alike, with all equipment provided.`),
        highlights: [name, 'Expert, qualified instructors', perPerson ? `Priced per person, ${PER_PERSON}` : 'Suitable for beginners', 'All equipment provided'],
        finePrint: [...COMMON_FINE_PRINT.slice(0, 1), 'Sessions must be used within the voucher\u2019s validity.', 'New customers only.'],
        imageAlt: `${name} at ${m.name}`,
      };
    },
  };
}

// ---- Food & drink ----------------------------------------------------------------------------

const DRINKS: Record<string, { names: string[]; items: Array<[string, number, number]> }> = {
  cocktails: { names: ['The Botanist Bar', 'Alchemist Cocktail Lounge', 'Hidden Lane Tea & Cocktails', 'Kitty\u2019s Speakeasy'], items: [['Cocktail Masterclass for Two', 50, 80], ['Four Cocktails and Sharing Platter', 40, 60]] },
  'whisky-tasting': { names: ['The Malt Room', 'Dram & Barrel', 'Glen Cairn Whisky Bar'], items: [['Whisky Tasting Flight for Two', 40, 70], ['Single Malt Masterclass', 45, 80]] },
  'gin-tasting': { names: ['The Gin Parlour', 'Juniper & Co. Distillery', 'Still Life Gin Bar'], items: [['Gin Tasting Experience for Two', 40, 70], ['Distillery Tour with Gin Flight', 30, 55]] },
  'wine-tasting': { names: ['Cork & Cask', 'The Wine Library', 'Vino Vino'], items: [['Wine Tasting with Cheese Board', 45, 75], ['Six-Wine Tasting Evening for Two', 50, 90]] },
  'bakery-treats': { names: ['Sugar & Spice Bakery', 'Crumbs Patisserie', 'The Doughnut Shed'], items: [['Box of Twelve Artisan Doughnuts', 20, 30], ['Celebration Cake', 30, 55]] },
};

function foodDrink(ctx: OfferContext): OfferPlan {
  if (ctx.sub === 'afternoon-tea' || ctx.sub === null) return afternoonTea(ctx);
  const { rng } = ctx;
  const d = DRINKS[ctx.sub] ?? DRINKS.cocktails!;
  const merchantName = rng.pick(d.names);
  const [name, lo, hi] = rng.pick(d.items);
  const base = pounds(rng, lo, hi);
  // "… for Two" doubled is "… for Four"; anything else doubled is "(double)".
  const forTwo = /\bfor Two\b/.test(name);
  const products: ProductDraft[] = [
    { title: name, original: base, discountPct: rng.int(30, 55), ...(forTwo ? { people: 2 } : {}) },
    ...(rng.chance(0.45) ? [{ title: forTwo ? name.replace(/\bfor Two\b/, 'for Four') : `${name} (double)`, original: base * 2, discountPct: rng.int(35, 58), ...(forTwo ? { people: 4 } : {}) }] : []),
  ];
  return {
    merchantName,
    website: slugSite(merchantName),
    voucherValidityMonths: 3,
    products,
    pricePerPerson: false,
    bookingCalendar: rng.chance(0.3),
    deliveryType: 'voucher',
    giftClaim: true,
    write(facts) {
      const m = facts.merchant;
      const dealName = forTwo ? name.replace(/\bfor Two\b/, `for ${peoplePhrase(facts).title}`) : name;
      return {
        title: fitTitle([`${dealName} at ${m.name}`, dealName]),
        headline: cap(`${dealName} at ${m.name}, ${m.place}: a treat to share`),
        description: cap(`Settle in at ${m.name} ${whereOn(m)} for ${dealName.toLowerCase()}, guided by staff who know their stuff and love to share it.`),
        highlights: [dealName, 'Hosted by knowledgeable staff', `Handy for ${m.place}`, 'Ideal as a gift'],
        finePrint: [...COMMON_FINE_PRINT.slice(0, 2), ctx.sub === 'bakery-treats' ? 'Collection only; 48 hours\u2019 notice needed.' : 'Over-18s only; ID may be requested.'],
        imageAlt: `${dealName} at ${m.name}`,
      };
    },
  };
}

// ---- Shop goods --------------------------------------------------------------------------------

const GOODS: Record<string, Array<[product: string, lo: number, hi: number, variants: string[]]>> = {
  'headphones-audio': [['Wireless Noise-Cancelling Headphones', 60, 150, ['Black', 'Silver', 'Navy']], ['True Wireless Earbuds with Charging Case', 25, 70, ['White', 'Black']], ['Portable Bluetooth Speaker', 25, 60, ['Charcoal', 'Blue', 'Red']]],
  'kitchen-appliances': [['5.5L Digital Air Fryer', 50, 110, ['Black', 'Cream']], ['Bean-to-Cup Coffee Machine', 150, 300, ['Stainless Steel']], ['1.7L Rapid-Boil Kettle and Toaster Set', 40, 80, ['Sage', 'Cream', 'Black']]],
  'smart-home': [['Smart Video Doorbell', 50, 100, ['Satin Nickel', 'Black']], ['Set of Four Smart Plugs', 20, 40, ['White']], ['Indoor Security Camera', 30, 60, ['White', 'Black']]],
  gadgets: [['10,000mAh Power Bank', 15, 35, ['Black', 'White']], ['Smart Fitness Watch', 40, 90, ['Black', 'Rose Gold', 'Blue']], ['Digital Photo Frame', 40, 80, ['Black', 'White']]],
  bedding: [['Egyptian Cotton 400-Thread-Count Duvet Set', 40, 90, ['Single', 'Double', 'King']], ['Memory Foam Mattress Topper', 40, 100, ['Double', 'King', 'Super King']], ['Set of Two Hotel-Quality Pillows', 20, 40, ['Standard']]],
  kitchenware: [['Five-Piece Non-Stick Pan Set', 50, 120, ['Graphite', 'Cream']], ['Cast Iron Casserole Dish', 40, 90, ['Cherry', 'Teal', 'Black']], ['Twelve-Piece Stoneware Dinner Set', 40, 80, ['Speckled Grey', 'Sage']]],
  garden: [['Solar Festoon Lights', 15, 35, ['10m', '20m']], ['Rattan Bistro Set', 120, 250, ['Grey', 'Brown']], ['Cordless Lawn Mower', 120, 220, ['Standard']]],
  lighting: [['LED Floor Lamp with Dimmer', 40, 90, ['Black', 'Brass']], ['Set of Six Flameless Candles', 15, 30, ['Ivory']]],
  fragrance: [['Eau de Parfum Gift Set', 30, 80, ['50ml', '100ml']], ['Aftershave Gift Set', 30, 70, ['50ml', '100ml']]],
  skincare: [['Vitamin C Serum and Moisturiser Set', 25, 60, ['Standard']], ['Five-Piece Skincare Collection', 40, 90, ['Normal to Dry', 'Combination']]],
  haircare: [['Professional Ionic Hair Dryer', 40, 100, ['Black', 'Rose Gold']], ['Ceramic Hair Straighteners', 30, 80, ['Black', 'Pink']]],
  grooming: [['Cordless Beard Trimmer Kit', 25, 60, ['Standard']], ['Electric Toothbrush Twin Pack', 40, 100, ['White', 'Black']]],
  womens: [['Quilted Longline Puffer Coat', 50, 120, ['8', '10', '12', '14', '16']], ['Cashmere-Blend Jumper', 40, 90, ['S', 'M', 'L']]],
  mens: [['Waterproof Hooded Jacket', 50, 110, ['S', 'M', 'L', 'XL']], ['Pack of Three Merino Crew Jumpers', 50, 100, ['M', 'L', 'XL']]],
  accessories: [['Leather Crossbody Bag', 30, 80, ['Tan', 'Black']], ['Polarised Sunglasses', 20, 50, ['Tortoiseshell', 'Black']]],
  jewellery: [['Sterling Silver Pendant Necklace', 25, 70, ['Silver', 'Rose Gold']], ['Crystal Stud Earrings', 15, 40, ['Silver', 'Gold']]],
  'toys-games': [['Wooden Marble Run Set', 25, 50, ['Standard']], ['Family Board Game Bundle', 25, 50, ['Standard']], ['Remote Control Stunt Car', 20, 45, ['Red', 'Blue']]],
  'personalised-gifts': [['Personalised Star Map Print', 20, 45, ['A4', 'A3']], ['Engraved Whisky Glass Set', 20, 40, ['Pair']], ['Personalised Photo Cushion', 15, 30, ['Square']]],
  'gift-sets': [['Luxury Hamper with Scottish Shortbread', 35, 80, ['Standard', 'Large']], ['Pamper Gift Box', 25, 50, ['Standard']]],
};

const RETAILERS = ['Harlow & Finch', 'Brightwell Direct', 'The Home Edit Store', 'Northern Goods Co.', 'Thistle Trading', 'Kettle & Co.', 'Caledonia Living', 'Sparrow & Oak', 'Urban Gadget Store', 'Maple Lane Gifts'];
/** An option's title is the product and its variant: "Smart Fitness Watch – Rose Gold". */
const VARIANT_SEPARATOR = ' – ';

function shopGoods(ctx: OfferContext): OfferPlan {
  const { rng } = ctx;
  const items = GOODS[ctx.sub ?? 'gadgets'] ?? GOODS.gadgets!;
  const [product, lo, hi, variants] = rng.pick(items);
  const merchantName = rng.pick(RETAILERS);
  const base = pounds(rng, lo, hi) - 1; // £x.99
  const postage = rng.pick([0, 299, 399, 499]);
  const options = rng.sample(variants, rng.int(1, Math.min(4, variants.length)));
  return {
    merchantName,
    website: slugSite(merchantName),
    voucherValidityMonths: 12,
    products: options.map((v, i) => ({ title: `${product}${VARIANT_SEPARATOR}${v}`, original: base + i * pounds(rng, 0, 15), discountPct: rng.int(30, 70), postage })),
    pricePerPerson: false,
    bookingCalendar: false,
    deliveryType: 'postal',
    giftClaim: false,
    write(facts) {
      const m = facts.merchant;
      // The choices are the options the page lists, and the delivery what they charge.
      const choices = publicOptions(facts).map((o) => o.title.split(VARIANT_SEPARATOR).pop()!);
      const free = publicOptions(facts).every((o) => !o.postagePence);
      return {
        title: fitTitle([free ? `${product} with Free Delivery` : product, product]),
        headline: cap(`${product} in ${choices.length > 1 ? `a choice of ${choices.length} options` : choices[0]}, delivered anywhere in the UK`),
        description: cap(`${m.name} offers this ${product.toLowerCase()} at a fraction of the RRP. Delivered to your door ${free ? 'free of charge' : 'for a small postage fee'} within 5 to 7 working days.`),
        highlights: [product, choices.length > 1 ? `Choose from ${orList(choices)}` : `Option: ${choices[0]}`, free ? 'Free UK delivery' : 'Tracked UK delivery', '12-month warranty where applicable'],
        finePrint: ['Delivered within 5 to 7 working days.', 'Delivery to UK mainland addresses; Highlands and Islands may take longer.', '14-day returns for unused items in original packaging.', ...limitSentence(facts)],
        imageAlt: `${product}`,
      };
    },
  };
}

// ---- Travel ------------------------------------------------------------------------------------

const HOTEL_WORDS = ['Lochside', 'Harbour View', 'Grand', 'Royal', 'Castle', 'Glen', 'Park', 'Bay', 'Old Mill', 'Kings Arms', 'Station'];
const HOTEL_KINDS = ['Hotel', 'Hotel & Spa', 'Inn', 'Lodge', 'House Hotel', 'Resort'];
const nightsWord = (n: number) => `${n} night${n > 1 ? 's' : ''}`;

function travel(ctx: OfferContext): OfferPlan {
  const { rng } = ctx;
  const dest = ctx.destination!;
  const merchantName = `The ${rng.pick(HOTEL_WORDS)} ${rng.pick(HOTEL_KINDS)}${dest.international ? '' : `, ${dest.place}`}`;
  const shortName = merchantName.split(',')[0]!;
  const withFlights = dest.international;
  const board = rng.pick(['Breakfast', 'Dinner, Bed and Breakfast', 'Breakfast and Spa Access'] as const);
  const nightsOptions = rng.sample([1, 2, 3, 4, 5, 7], rng.int(1, 3)).sort((a, b) => a - b);
  const perNight = pounds(rng, dest.international ? 60 : 45, dest.international ? 120 : 90);
  // Priced per person (two sharing): each option is one person's share, bought for two or more.
  const perPerson = rng.chance(0.5);
  const noun = withFlights ? `${dest.place} Break with Flights` : `${dest.place} Stay with ${board}`;
  return {
    merchantName,
    website: slugSite(shortName),
    voucherValidityMonths: 12,
    products: nightsOptions.map((n) => {
      const original = perPerson ? perNight * n + (withFlights ? pounds(rng, 90, 200) : 0) : perNight * 2 * n + (withFlights ? pounds(rng, 180, 400) : 0);
      const title = perPerson ? `${nightsWord(n)}${withFlights ? ' with flights' : ''}, per person` : `${nightsWord(n)} ${forPeople(2)}${withFlights ? ' with flights' : ''}`;
      return { title, original, discountPct: rng.int(20, 50), nights: n, ...(perPerson ? {} : { people: 2 }), ...(rng.chance(0.4) ? { deposit: Math.round(original / 500) * 100 } : {}) };
    }),
    pricePerPerson: perPerson,
    bookingCalendar: true,
    deliveryType: 'travel',
    giftClaim: false,
    write(facts) {
      const m = facts.merchant;
      const stars = m.stars;
      const options = publicOptions(facts);
      const nights = [...new Set(options.map((o) => o.nights).filter((n): n is number => n !== null))].sort((a, b) => a - b);
      const who = perPerson ? PER_PERSON : `for ${peoplePhrase(facts).text}`;
      const deposits = options.filter((o) => o.depositPence !== null).length;
      return {
        title: fitTitle([`${stars}* ${noun}`, `${stars}* ${dest.place} Getaway`]),
        headline: cap(`${stars}* ${dest.place}, ${dest.country}: ${nights[0]}-night${nights.length > 1 ? '+' : ''} stay ${who} at ${shortName}${withFlights ? ' with return flights' : ` with ${board.toLowerCase()}`}`),
        description: cap(`Escape to ${dest.place} and stay at ${shortName}, a ${stars}-star favourite with ${withFlights ? 'flights from Glasgow or Edinburgh included' : `${board.toLowerCase()} included`}. Perfect for a romantic break or a catch-up with friends.`),
        highlights: [
          perPerson ? `${stars}-star stay in ${dest.place}, priced per person` : `${stars}-star stay ${who} in ${dest.place}`,
          withFlights ? 'Return flights from Scotland' : board,
          nights.length > 1 ? `Choose ${orList(nights.map(String))} nights` : perPerson ? `${nightsWord(nights[0]!)}, priced per person` : `${nightsWord(nights[0]!)} ${who}`,
          'Flexible dates across the year',
        ],
        finePrint: [
          'Subject to availability; supplements apply in peak season.',
          'Dates must be booked at checkout or within 14 days of purchase.',
          withFlights ? 'ATOL protected. Passports must be valid for six months.' : 'Check-in from 3pm, check-out by 11am.',
          deposits === 0
            ? 'Full payment is taken at checkout.'
            : deposits === options.length
              ? 'A deposit secures your booking; the balance is due 8 weeks before travel.'
              : 'Some options can be secured with a deposit; the balance is due 8 weeks before travel.',
        ],
        imageAlt: `${shortName} in ${dest.place}`,
      };
    },
  };
}

const GENERATORS: Record<string, (ctx: OfferContext) => OfferPlan> = {
  'restaurants-food': restaurant,
  'activities-entertainment': activity,
  'afternoon-tea': afternoonTea,
  spa: spaBeauty,
  beauty: spaBeauty,
  'health-fitness': classes,
  learning: classes,
  'food-drink': foodDrink,
};

export function planOffer(ctx: OfferContext, scope: 'local' | 'shop' | 'travel'): OfferPlan {
  if (scope === 'shop') return shopGoods(ctx);
  if (scope === 'travel') return travel(ctx);
  const generate = GENERATORS[ctx.category];
  if (!generate) throw new Error(`No copy for category ${ctx.category}`);
  return generate(ctx);
}

// ---- Tags ----------------------------------------------------------------------------------------

/** Tags of a category or sub-category (the first is the most specific). */
const CATEGORY_TAGS: Record<string, string[]> = {
  'restaurants-food': ['restaurants', 'dining out'],
  italian: ['italian'], indian: ['indian', 'curry'], steakhouse: ['steak'], seafood: ['seafood'], brunch: ['brunch'],
  asian: ['asian food'], pizza: ['pizza'], burgers: ['burgers'],
  'activities-entertainment': ['things to do', 'days out'],
  'escape-rooms': ['escape rooms'], golf: ['golf'], karting: ['go karting'], 'axe-throwing': ['axe throwing'],
  tours: ['sightseeing'], climbing: ['climbing'], bowling: ['bowling'],
  'afternoon-tea': ['afternoon tea'], 'classic-afternoon-tea': ['afternoon tea'], 'prosecco-afternoon-tea': ['prosecco'], 'gin-afternoon-tea': ['gin'],
  spa: ['spa', 'pamper'], 'spa-days': ['spa days'], 'spa-for-two': ['couples'], massage: ['massage'], facials: ['facials'],
  beauty: ['beauty', 'pamper'], nails: ['nails'], hair: ['hair'], 'lashes-brows': ['lashes', 'brows'], aesthetics: ['skin care'],
  'health-fitness': ['fitness'], 'gym-passes': ['gym'], 'yoga-pilates': ['yoga', 'pilates'], 'personal-training': ['personal training'], bootcamps: ['bootcamp'],
  learning: ['classes', 'learn something new'], 'cookery-classes': ['cookery'], 'art-classes': ['arts and crafts'], 'language-lessons': ['languages'], 'driving-lessons': ['driving lessons'],
  'food-drink': ['food and drink'], cocktails: ['cocktails'], 'whisky-tasting': ['whisky'], 'gin-tasting': ['gin'], 'wine-tasting': ['wine'], 'bakery-treats': ['cakes'],
  electricals: ['electricals', 'tech'], 'headphones-audio': ['headphones'], 'kitchen-appliances': ['kitchen'], 'smart-home': ['smart home'], gadgets: ['gadgets'],
  'home-garden': ['home'], bedding: ['bedding'], kitchenware: ['kitchen'], garden: ['garden'], lighting: ['lighting'],
  'health-beauty': ['beauty'], fragrance: ['fragrance'], skincare: ['skin care'], haircare: ['hair'], grooming: ['grooming'],
  fashion: ['fashion'], womens: ['womenswear'], mens: ['menswear'], accessories: ['accessories'], jewellery: ['jewellery'],
  'toys-gifts': ['gifts'], 'toys-games': ['toys'], 'personalised-gifts': ['personalised gifts'], 'gift-sets': ['hampers'],
  'scotland-breaks': ['scotland breaks', 'hotel breaks'], 'scottish-highlands': ['highlands'], 'scottish-islands': ['islands'],
  'uk-city-breaks': ['city breaks', 'hotel breaks'], 'uk-spa-breaks': ['spa breaks', 'hotel breaks'], 'coast-countryside': ['seaside', 'hotel breaks'],
  europe: ['city breaks', 'holidays'], spain: ['spain'], portugal: ['portugal'], italy: ['italy'], 'central-europe': ['europe'],
  'beach-holidays': ['beach holidays', 'holidays'], 'long-haul': ['long haul', 'holidays'],
};

/** Words of the copy that make a tag of their own. */
const COPY_TAGS: Array<[RegExp, string]> = [
  [/\bprosecco\b/i, 'prosecco'], [/\bchampagne\b/i, 'champagne'], [/\bgin\b/i, 'gin'], [/\bcocktails?\b/i, 'cocktails'],
  [/\bmassage\b/i, 'massage'], [/\bfacial\b/i, 'facials'], [/\bfor two\b|\bcouples?\b/i, 'couples'], [/\bfor four\b|\bfor six\b/i, 'groups'],
  [/\bwith flights\b/i, 'flights'], [/\bhot stone\b/i, 'hot stone'], [/\bspa\b/i, 'spa'], [/\bafternoon tea\b/i, 'afternoon tea'],
  [/\bwhisky\b/i, 'whisky'], [/\bpasta\b/i, 'pasta'], [/\bfree delivery\b/i, 'free delivery'],
];

/** Gift finder recipients (spec §3): their tags are 'gifts for …'. */
const RECIPIENT_TAGS = ['gifts for mum', 'gifts for dad', 'gifts for her', 'gifts for him', 'gifts for grandparents', 'gifts for bff', 'gifts for teens', 'gifts for colleagues'];

/** A stable small hash of a deal id (tags use no random stream, so the rest of the seed is unchanged). */
function idHash(id: number, salt: number): number {
  let h = Math.imul(id ^ salt, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca77);
  return (h ^ (h >>> 13)) >>> 0;
}

/**
 * 2 to 5 lower-case tags for a deal, deterministic: its sub-category's and category's tags, tags
 * read from its title and headline, and for giftable deals a gift-finder recipient or a season.
 */
export function dealTags(input: { dealId: number; category: string; sub: string | null; offer: { title: string; headline: string; giftClaim: boolean } }): string[] {
  const tags: string[] = [];
  const add = (t: string) => {
    if (!tags.includes(t)) tags.push(t);
  };
  for (const t of CATEGORY_TAGS[input.sub ?? ''] ?? []) add(t);
  const copy = `${input.offer.title} ${input.offer.headline}`;
  for (const [pattern, tag] of COPY_TAGS) if (pattern.test(copy)) add(tag);
  for (const t of CATEGORY_TAGS[input.category] ?? []) add(t);
  if (input.offer.giftClaim) {
    const h = idHash(input.dealId, 0x5eed);
    if (h % 5 === 0) add('christmas');
    else add(RECIPIENT_TAGS[h % RECIPIENT_TAGS.length]!);
  }
  if (tags.length < 2) add(input.category.replace(/-/g, ' '));
  return tags.slice(0, 5);
}
