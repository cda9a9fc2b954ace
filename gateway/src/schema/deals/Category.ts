import type { Category as CategoryDto } from '@shop/deals/contract';
import { categoryPath } from '@shop/domain';
import type { GatewayContext } from '../../context.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import type { CategoryParent } from '../mappers.ts';
import type { CategoryResolvers } from '../__generated__/resolvers.ts';

/** A catalogue category as shown under `location`. */
export function categoryParent(category: CategoryDto, location: string, parentSlug?: string | null): CategoryParent {
  return {
    id: category.id,
    name: category.name,
    shortName: category.shortName,
    slug: category.slug,
    location,
    parentId: category.parentId,
    ...(parentSlug !== undefined ? { parentSlug } : {}),
    full: category,
  };
}

async function full(category: CategoryParent, ctx: GatewayContext): Promise<CategoryDto> {
  if (category.full) return category.full;
  const found = await ctx.loaders.categoryById(category.id);
  if (!found) throw new Error(`Category ${category.id} is missing from the deals service's catalogue`);
  return found;
}

async function slugOf(category: CategoryParent, ctx: GatewayContext): Promise<string> {
  return category.slug ?? (await full(category, ctx)).slug;
}

async function parentSlugOf(category: CategoryParent, ctx: GatewayContext): Promise<string | null> {
  if (category.parentSlug !== undefined) return category.parentSlug;
  if (category.parentId == null) return null;
  const parent = await ctx.loaders.categoryById(category.parentId);
  return parent?.slug ?? null;
}

export const Category: CategoryResolvers = {
  // The url depends on the location, so the id names both.
  id: (c) => toGlobalId('Category', `${c.location}:${c.id}`),
  slug: (c, _a, ctx) => slugOf(c, ctx),
  url: async (c, _a, ctx) => {
    const [slug, parentSlug] = await Promise.all([slugOf(c, ctx), parentSlugOf(c, ctx)]);
    return parentSlug ? categoryPath(c.location, parentSlug, slug) : categoryPath(c.location, slug);
  },
  metaTitle: async (c, _a, ctx) => (await full(c, ctx)).metaTitle,
  description: async (c, _a, ctx) => (await full(c, ctx)).description,
  parent: async (c, _a, ctx) => {
    if (c.parentId == null) return null;
    const parent = await ctx.loaders.categoryById(c.parentId);
    return parent ? categoryParent(parent, c.location, null) : null;
  },
};
