import { toGlobalId } from '../../relay/global-id.ts';
import type { NavigationItemParent, SubNavigationParent } from '../mappers.ts';
import { categoryParent } from './Category.ts';
import { resolveLocationDeals } from './Location.deals.ts';
import type { LocationResolvers, NavigationItemResolvers, SubNavigationResolvers } from '../__generated__/resolvers.ts';

export const Location: LocationResolvers = {
  id: (l) => toGlobalId('Location', l.slug),
  navigation: async (l, _a, ctx): Promise<NavigationItemParent[]> =>
    ((await ctx.loaders.navigationByLocation.load(l.slug)) ?? []).map((item) => ({ ...item, location: l.slug })),
  // Only a category of the location's scope (city, shop or travel): the deals service decides the
  // scope and lists exactly those top categories in the location's navigation (its deals lists
  // answer 404 for any other), so e.g. glasgow/electricals is null, not an empty page.
  category: async (l, args: { slug: string; subcategory?: string | null }, ctx) => {
    const [categories, navigation] = await Promise.all([ctx.loaders.categories(), ctx.loaders.navigationByLocation.load(l.slug)]);
    const top = categories.find((c) => c.slug === args.slug && c.parentId === null);
    const item = top && navigation?.find((n) => n.id === top.id && n.category === top.slug);
    if (!top || !item) return null;
    if (!args.subcategory) return categoryParent(top, l.slug, null);
    const sub = categories.find((c) => c.slug === args.subcategory && c.parentId === top.id);
    return sub && item.subNavigations.some((s) => s.id === sub.id) ? categoryParent(sub, l.slug, top.slug) : null;
  },
  deals: (l, args, ctx) => resolveLocationDeals(l, args, ctx),
};

/**
 * The service's navigation ids are category ids ('all' is 0 in every location): the same id in
 * two locations with different urls and counts. Relay merges records by id, so ours name the
 * location too.
 */
export const NavigationItem: NavigationItemResolvers = {
  id: (n) => toGlobalId('NavigationItem', `${n.location}:${n.id}`),
  subNavigations: (n): SubNavigationParent[] => n.subNavigations.map((s) => ({ ...s, location: n.location })),
};

export const SubNavigation: SubNavigationResolvers = {
  id: (s) => toGlobalId('SubNavigation', `${s.location}:${s.id}`),
};
