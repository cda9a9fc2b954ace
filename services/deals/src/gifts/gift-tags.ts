/**
 * Which gift-finder recipients and personalities a deal suits (issue 19 point 3): read from its
 * category and sub-category, so every recipient and personality of spec §3 finds real gifts in
 * every location. The shop's own gift card suits everyone.
 *
 * ensureGiftTags tags every deal whose gift_tags is still null (the migration's "not tagged
 * yet"): a new seed, the deals of a catalogue older than the gift finder, the gift card written
 * after the seed, a deal that goes live later. It never touches a deal that has its tags, so it
 * is idempotent and cheap to run at every start (a partial index finds the untagged rows).
 */
import { sql } from 'kysely';
import { GIFT_CARD_DEAL_ID, GIFT_FINDER_PERSONALITIES, GIFT_FINDER_RECIPIENTS, giftPersonalityOf, giftRecipientOf, type GiftFinderPersonalityId, type GiftFinderRecipientId } from '@shop/domain';
import type { DealsDb } from '../db/database.ts';

type Fit = readonly [recipients: readonly GiftFinderRecipientId[], personalities: readonly GiftFinderPersonalityId[]];

/** By category or sub-category slug; a sub-category's entry wins over its category's. */
export const GIFT_FITS: Readonly<Record<string, Fit>> = {
  // Restaurants & Food
  'restaurants-food': [['hubby', 'wifey', 'dad', 'bff'], ['indulgent']],
  brunch: [['bff', 'wifey', 'mum'], ['insta-famous', 'indulgent']],
  steakhouse: [['dad', 'hubby'], ['indulgent']],
  seafood: [['grandparents', 'mum', 'dad'], ['indulgent']],
  pizza: [['teen', 'little-ones', 'colleague'], ['giggly', 'playful']],
  burgers: [['teen', 'colleague', 'hubby'], ['giggly', 'indulgent']],
  // Activities & Entertainment
  'activities-entertainment': [['teen', 'bff', 'hubby', 'dad', 'little-ones'], ['playful', 'active']],
  'escape-rooms': [['bff', 'teen', 'colleague'], ['geeky', 'giggly', 'playful']],
  golf: [['dad', 'hubby', 'grandparents'], ['active']],
  karting: [['teen', 'hubby', 'dad'], ['daredevil', 'playful']],
  'axe-throwing': [['bff', 'hubby', 'colleague'], ['daredevil', 'giggly']],
  tours: [['grandparents', 'mum'], ['jet-setter', 'playful']],
  climbing: [['teen', 'little-ones', 'bff'], ['active', 'daredevil']],
  bowling: [['little-ones', 'teen', 'colleague'], ['playful', 'giggly']],
  // Afternoon tea
  'afternoon-tea': [['mum', 'grandparents', 'bff', 'wifey'], ['indulgent', 'insta-famous']],
  'prosecco-afternoon-tea': [['bff', 'wifey', 'mum'], ['giggly', 'insta-famous', 'indulgent']],
  'gin-afternoon-tea': [['bff', 'colleague', 'mum'], ['giggly', 'indulgent']],
  // Spa and beauty
  spa: [['mum', 'wifey', 'bff'], ['pampered']],
  'spa-days': [['mum', 'wifey', 'bff', 'grandparents'], ['pampered', 'indulgent']],
  'spa-for-two': [['wifey', 'hubby', 'bff'], ['pampered', 'indulgent']],
  massage: [['mum', 'dad', 'hubby', 'wifey'], ['pampered']],
  facials: [['mum', 'wifey'], ['gorgeous', 'pampered']],
  beauty: [['wifey', 'mum', 'bff', 'teen'], ['gorgeous']],
  nails: [['bff', 'teen', 'wifey'], ['gorgeous', 'insta-famous']],
  hair: [['mum', 'wifey', 'teen'], ['gorgeous']],
  'lashes-brows': [['bff', 'wifey', 'teen'], ['insta-famous', 'gorgeous']],
  aesthetics: [['wifey', 'mum'], ['gorgeous', 'pampered']],
  // Health & Fitness
  'health-fitness': [['hubby', 'wifey', 'bff', 'teen'], ['active']],
  'gym-passes': [['teen', 'hubby', 'wifey'], ['active']],
  'yoga-pilates': [['mum', 'wifey', 'bff'], ['active', 'pampered']],
  'personal-training': [['hubby', 'dad', 'wifey'], ['active', 'daredevil']],
  bootcamps: [['bff', 'colleague'], ['active', 'daredevil']],
  // Learning
  learning: [['mum', 'dad', 'grandparents', 'teen', 'colleague'], ['geeky']],
  'cookery-classes': [['mum', 'hubby', 'grandparents'], ['geeky', 'indulgent']],
  'art-classes': [['little-ones', 'mum', 'grandparents'], ['playful', 'geeky']],
  'language-lessons': [['teen', 'colleague'], ['geeky', 'jet-setter']],
  'driving-lessons': [['teen'], ['daredevil', 'geeky']],
  // Food & Drink
  'food-drink': [['dad', 'bff', 'colleague', 'hubby'], ['indulgent', 'giggly']],
  cocktails: [['bff', 'wifey', 'colleague'], ['giggly', 'insta-famous']],
  'whisky-tasting': [['dad', 'hubby', 'grandparents'], ['indulgent', 'geeky']],
  'gin-tasting': [['bff', 'mum'], ['giggly', 'indulgent']],
  'wine-tasting': [['wifey', 'mum', 'dad'], ['indulgent']],
  'bakery-treats': [['colleague', 'little-ones', 'grandparents'], ['indulgent', 'playful']],
  // Shop
  electricals: [['dad', 'hubby', 'teen'], ['geeky']],
  'headphones-audio': [['teen', 'hubby'], ['geeky', 'active']],
  'kitchen-appliances': [['mum', 'grandparents'], ['geeky', 'indulgent']],
  'smart-home': [['dad', 'hubby'], ['geeky']],
  gadgets: [['dad', 'teen', 'colleague'], ['geeky', 'playful']],
  'home-garden': [['mum', 'grandparents'], ['pampered']],
  bedding: [['mum', 'grandparents', 'wifey'], ['pampered']],
  kitchenware: [['mum', 'colleague'], ['indulgent']],
  garden: [['grandparents', 'dad'], ['active']],
  lighting: [['mum', 'wifey'], ['insta-famous']],
  'health-beauty': [['mum', 'wifey'], ['gorgeous', 'pampered']],
  fragrance: [['wifey', 'mum', 'bff'], ['gorgeous', 'indulgent']],
  skincare: [['mum', 'wifey', 'teen'], ['gorgeous', 'pampered']],
  haircare: [['teen', 'wifey'], ['gorgeous']],
  grooming: [['dad', 'hubby'], ['gorgeous']],
  fashion: [['wifey', 'bff', 'teen'], ['gorgeous', 'insta-famous']],
  womens: [['wifey', 'mum', 'bff'], ['gorgeous', 'insta-famous']],
  mens: [['hubby', 'dad'], ['gorgeous']],
  accessories: [['bff', 'teen', 'colleague'], ['insta-famous', 'jet-setter']],
  jewellery: [['wifey', 'mum', 'grandparents'], ['gorgeous', 'indulgent']],
  'toys-gifts': [['little-ones'], ['playful']],
  'toys-games': [['little-ones', 'teen'], ['playful', 'giggly', 'geeky', 'daredevil']],
  'personalised-gifts': [['mum', 'dad', 'grandparents', 'colleague'], ['playful', 'indulgent']],
  'gift-sets': [['colleague', 'mum', 'grandparents', 'bff'], ['indulgent', 'pampered']],
  // Travel
  'scotland-breaks': [['grandparents', 'mum', 'dad', 'hubby', 'wifey'], ['jet-setter', 'active']],
  'uk-city-breaks': [['hubby', 'wifey', 'bff'], ['jet-setter', 'insta-famous']],
  'uk-spa-breaks': [['wifey', 'mum', 'hubby', 'bff'], ['pampered', 'jet-setter']],
  'coast-countryside': [['grandparents', 'dad', 'mum'], ['jet-setter', 'active']],
  europe: [['hubby', 'wifey', 'bff'], ['jet-setter', 'insta-famous']],
  'beach-holidays': [['wifey', 'hubby', 'bff'], ['jet-setter', 'pampered']],
  'long-haul': [['hubby', 'wifey'], ['jet-setter', 'daredevil']],
};

const EVERYONE: readonly string[] = [...GIFT_FINDER_RECIPIENTS.map((r) => r.tag), ...GIFT_FINDER_PERSONALITIES.map((p) => p.tag)];

/** The gift tags of a deal from its id, category and sub-category slugs (an empty list: not a gift the finder shows). */
export function giftTagsOf(deal: { id: number; category: string; subcategory: string | null }): string[] {
  if (deal.id === GIFT_CARD_DEAL_ID) return [...EVERYONE];
  const fit = (deal.subcategory ? GIFT_FITS[deal.subcategory] : undefined) ?? GIFT_FITS[deal.category];
  if (!fit) return [];
  return [...fit[0].map((id) => giftRecipientOf(id)!.tag), ...fit[1].map((id) => giftPersonalityOf(id)!.tag)];
}

const BATCH = 1000;

/** Tags every untagged deal (gift_tags null); returns how many it tagged. */
export async function ensureGiftTags(db: DealsDb): Promise<number> {
  let tagged = 0;
  for (;;) {
    const rows = await db
      .withSchema('deals')
      .selectFrom('deal')
      .innerJoin('category as top', 'top.id', 'deal.category_id')
      .leftJoin('category as sub', 'sub.id', 'deal.subcategory_id')
      .select(['deal.id', 'top.slug as category', 'sub.slug as subcategory'])
      .where('deal.gift_tags', 'is', null)
      .orderBy('deal.id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return tagged;
    const ids = rows.map((r) => r.id);
    const tags = rows.map((r) => `{${giftTagsOf({ id: r.id, category: r.category, subcategory: r.subcategory ?? null }).join(',')}}`);
    // One statement per batch; "and gift_tags is null" leaves a deal another start tagged meanwhile as it is.
    await sql`update deals.deal d set gift_tags = v.tags::text[]
      from unnest(${ids}::int[], ${tags}::text[]) as v(id, tags)
      where d.id = v.id and d.gift_tags is null`.execute(db);
    tagged += rows.length;
  }
}
