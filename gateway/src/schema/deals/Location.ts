import { toGlobalId } from '../../relay/global-id.ts';
import type { LocationParent } from '../mappers.ts';
import type { TypeResolvers } from '../types.ts';
import { categoryParent } from './Category.ts';
import { resolveLocationDeals } from './Location.deals.ts';

export const Location: TypeResolvers<LocationParent> = {
  id: (l) => toGlobalId('Location', l.slug),
  navigation: async (l, _a, ctx) => (await ctx.loaders.navigationByLocation.load(l.slug)) ?? [],
  category: async (l, args: { slug: string; subcategory?: string | null }, ctx) => {
    const categories = await ctx.loaders.categories();
    const top = categories.find((c) => c.slug === args.slug && c.parentId === null);
    if (!top) return null;
    if (!args.subcategory) return categoryParent(top, l.slug, null);
    const sub = categories.find((c) => c.slug === args.subcategory && c.parentId === top.id);
    return sub ? categoryParent(sub, l.slug, top.slug) : null;
  },
  deals: (l, args, ctx) => resolveLocationDeals(l, args, ctx),
};
