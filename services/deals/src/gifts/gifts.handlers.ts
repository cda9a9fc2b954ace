import type { OpenAPIHono } from '@hono/zod-openapi';
import { GIFT_FINDER_PERSONALITIES, GIFT_FINDER_RECIPIENTS, GIFT_PRICE_BANDS, giftPersonalityOf, giftPriceBandOf, giftRecipientOf } from '@shop/domain';
import { notFoundProblem, problemResponse } from '@shop/platform';
import type { DealsDeps } from '../lib/deps.ts';
import { nationalLocationId, searchResult, toDeals } from '../lists/common.ts';
import * as locations from '../locations/locations.store.ts';
import type { GiftFacets, Gifts } from './gifts.contract.ts';
import * as routes from './gifts.routes.ts';
import * as store from './gifts.store.ts';

type GiftsQuery = (typeof routes.GiftsQuery)['_output'];

/** A page of gifts of a location (null: every location). */
async function listGifts(deps: DealsDeps, location: locations.LocationRecord | null, query: GiftsQuery): Promise<Gifts> {
  const { db } = deps;
  let locationIds: number[] | null = null;
  if (location !== null) {
    // A location's gifts and the national (shop) deals, delivered everywhere.
    const national = await nationalLocationId(db);
    locationIds = national === null || national === location.id ? [location.id] : [location.id, national];
  }
  const recipient = giftRecipientOf(query.recipient);
  const personality = giftPersonalityOf(query.personality);
  const band = giftPriceBandOf(query.price);
  const now = deps.now();
  const base = { locationIds, now };
  const tags: string[] = [];
  if (recipient) tags.push(recipient.tag);
  if (personality) tags.push(personality.tag);
  const filter: store.GiftFilter = { ...base, tags, band };
  const paging = { page: query.page, pageSize: query.pageSize };

  const facetsWanted = query.facetedNavigation === 'true';
  const [{ rows, total }, facets] = await Promise.all([
    store.giftsPage(db, filter, query.sort, paging),
    facetsWanted ? giftFacets(deps, { ...base, band }, recipient?.tag ?? null, personality?.tag ?? null) : Promise.resolve(null),
  ]);
  const body: Gifts = {
    deals: await toDeals(deps, rows),
    searchResult: searchResult(total, paging),
    location: location ? locations.toPublicLocation(location) : null,
    facetedNavigation: facets ? { ...facets, count: total } : null,
  };
  return body;
}

/** Each facet counted with the other filters as asked (choosing Mum shows how many Playful gifts Mum has). */
async function giftFacets(
  deps: DealsDeps,
  base: Omit<store.GiftFilter, 'tags'>,
  recipientTag: string | null,
  personalityTag: string | null,
): Promise<Omit<GiftFacets, 'count'>> {
  const { db } = deps;
  const [byRecipient, byPersonality, byBand] = await Promise.all([
    store.countByTag(db, { ...base, tags: personalityTag ? [personalityTag] : [] }, GIFT_FINDER_RECIPIENTS.map((r) => r.tag)),
    store.countByTag(db, { ...base, tags: recipientTag ? [recipientTag] : [] }, GIFT_FINDER_PERSONALITIES.map((p) => p.tag)),
    store.countByBand(db, { locationIds: base.locationIds, now: base.now, tags: [recipientTag, personalityTag].filter((t) => t !== null) }),
  ]);
  return {
    recipients: GIFT_FINDER_RECIPIENTS.map((r) => ({ id: r.id, label: r.label, tag: r.tag, count: byRecipient.get(r.tag) ?? 0 })),
    personalities: GIFT_FINDER_PERSONALITIES.map((p) => ({ id: p.id, label: p.label, count: byPersonality.get(p.tag) ?? 0 })),
    priceBands: GIFT_PRICE_BANDS.map((b) => ({ id: b.id, label: b.label, count: byBand.get(b.id) ?? 0 })),
  };
}

export function registerGiftRoutes(app: OpenAPIHono, deps: DealsDeps): void {
  app.openapi(routes.listAllGifts, async (c) => c.json(await listGifts(deps, null, c.req.valid('query')), 200));
  app.openapi(routes.listLocationGifts, async (c) => {
    const location = await locations.findLocation(deps.db, c.req.valid('param').location);
    if (!location) return problemResponse(c, notFoundProblem('Sorry, we could not find that location.'));
    return c.json(await listGifts(deps, location, c.req.valid('query')), 200);
  });
}
