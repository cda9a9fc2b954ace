import DataLoader from 'dataloader';
import type { StaticPage } from '@shop/deals/staticpages/staticpages.contract';
import type { GatewayContext } from '../../context.ts';
import type { Resolver } from '../types.ts';

/** The service's slug rule (deals staticpages.contract): anything else is no page, without a call. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.html)?$/;
const SLUG_MAX = 80;

// One loader per request (keyed on its context), so a page asked for twice in one document costs one call.
const loaders = new WeakMap<GatewayContext, DataLoader<string, StaticPage | null>>();

function staticPageLoader(ctx: GatewayContext): DataLoader<string, StaticPage | null> {
  let loader = loaders.get(ctx);
  if (!loader) {
    // No batch endpoint: each slug is one lookup.
    loader = new DataLoader((slugs) => Promise.all(slugs.map((slug) => ctx.clients.deals.findStaticPage(slug))));
    loaders.set(ctx, loader);
  }
  return loader;
}

export const staticPage: Resolver<unknown, { slug: string }, Promise<StaticPage | null> | null> = (_p, args, ctx) =>
  args.slug.length <= SLUG_MAX && SLUG.test(args.slug) ? staticPageLoader(ctx).load(args.slug) : null;
