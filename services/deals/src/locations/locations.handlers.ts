import type { OpenAPIHono } from '@hono/zod-openapi';
import { categoryPath, locationPath } from '@shop/domain';
import { notFoundProblem, problemResponse } from '@shop/platform';
import type { NavigationItem } from '../contract.ts';
import type { DealsDeps } from '../lib/deps.ts';
import * as routes from './locations.routes.ts';
import * as store from './locations.store.ts';

export function registerLocationRoutes(app: OpenAPIHono, deps: DealsDeps): void {
  const { db } = deps;

  app.openapi(routes.listLocations, async (c) => {
    const locations = await store.listLocations(db);
    return c.json({ locations: locations.map(store.toPublicLocation) }, 200);
  });

  app.openapi(routes.getLocation, async (c) => {
    const location = await store.findLocation(db, c.req.valid('param').slug);
    if (!location) return problemResponse(c, notFoundProblem('Sorry, we could not find that location.'));
    return c.json(store.toPublicLocation(location), 200);
  });

  app.openapi(routes.listCategories, async (c) => {
    const categories = await store.listCategories(db);
    return c.json({ categories: categories.map(store.toPublicCategory) }, 200);
  });

  app.openapi(routes.getNavigation, async (c) => {
    const location = await store.findLocation(db, c.req.valid('param').location);
    if (!location) return problemResponse(c, notFoundProblem('Sorry, we could not find that location.'));
    const [from, to] = c.req.valid('query').range.split('-').map(Number) as [number, number];
    const navigations = buildNavigation(location, await store.listCategories(db), await store.countOpenDealsByCategory(db, location.id, deps.now()));
    return c.json({ navigations: navigations.filter((n) => n.position >= from && n.position <= to) }, 200);
  });
}

/** The 'all' entry first, then the location's categories with sub-navigations and counts. */
export function buildNavigation(
  location: store.LocationRecord,
  categories: store.CategoryRecord[],
  counts: Array<{ categoryId: number; subcategoryId: number | null; count: number }>,
): NavigationItem[] {
  const byCategory = new Map<number, number>();
  const bySub = new Map<number, number>();
  let total = 0;
  for (const c of counts) {
    total += c.count;
    byCategory.set(c.categoryId, (byCategory.get(c.categoryId) ?? 0) + c.count);
    if (c.subcategoryId !== null) bySub.set(c.subcategoryId, (bySub.get(c.subcategoryId) ?? 0) + c.count);
  }
  const isLocal = location.scope === 'local';
  const showScotland = location.region === 'Scotland';
  const base = {
    imageUrl: null,
    externalLink: false,
    isActive: false,
    isLocal,
    isLocalLink: false,
    isLocationPlaceholder: false,
    showScotland,
  };
  const items: NavigationItem[] = [
    {
      ...base,
      id: 0,
      shortName: 'all',
      linkText: isLocal ? `All ${location.name} Deals` : `All ${location.name} Deals`,
      url: locationPath(location.slug),
      position: 1,
      count: total,
      isDefault: true,
      showPopover: false,
      navigationType: null,
      metaTitle: `${location.name} Deals & Offers`,
      category: null,
      parentNavUrl: null,
      subNavigations: [],
    },
  ];
  const tops = categories.filter((c) => c.parentId === null && c.scope === location.scope).sort((a, b) => a.position - b.position);
  for (const cat of tops) {
    const subs = categories.filter((c) => c.parentId === cat.id).sort((a, b) => a.position - b.position);
    items.push({
      ...base,
      id: cat.id,
      shortName: cat.shortName,
      linkText: cat.name,
      url: categoryPath(location.slug, cat.slug),
      position: items.length + 1,
      count: byCategory.get(cat.id) ?? 0,
      isDefault: false,
      showPopover: subs.length > 0,
      navigationType: cat.navigationType,
      metaTitle: cat.metaTitle,
      category: cat.slug,
      parentNavUrl: locationPath(location.slug),
      subNavigations: subs.map((s) => ({
        id: s.id,
        linkText: s.name,
        shortName: s.shortName,
        url: categoryPath(location.slug, cat.slug, s.slug),
        count: bySub.get(s.id) ?? 0,
      })),
    });
  }
  return items;
}
