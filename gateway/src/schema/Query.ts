import { DEFAULT_LOCATION } from '@shop/domain';
import { loadNode } from '../relay/node.ts';
import { parseNumericId } from '../relay/global-id.ts';
import { badUserInput } from '../relay/connection.ts';
import type { QueryResolvers } from './__generated__/resolvers.ts';

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;
/** nodes(ids:) refetches at most this many objects (each may cost a lookup). */
export const MAX_NODES = 100;

export const Query: QueryResolvers = {
  node: (_p, args: { id: string }, ctx) => loadNode(args.id, ctx),
  nodes: (_p, args: { ids: string[] }, ctx) => {
    if (args.ids.length > MAX_NODES) {
      throw badUserInput(`\`ids\` takes at most ${MAX_NODES} ids.`, 'ids');
    }
    return Promise.all(args.ids.map((id) => loadNode(id, ctx)));
  },
  locations: (_p, _a, ctx) => ctx.loaders.locations(),
  defaultLocation: async (_p, _a, ctx) => {
    const location = await ctx.loaders.locationBySlug.load(DEFAULT_LOCATION);
    if (!location) throw new Error(`The default location ${DEFAULT_LOCATION} is missing from the deals service`);
    return location;
  },
  location: (_p, args: { slug: string }, ctx) => (SLUG.test(args.slug) ? ctx.loaders.locationBySlug.load(args.slug) : null),
  // The numeric id of the deal url; anything else (a global id, a blurb) is no deal.
  deal: (_p, args: { dealId: string }, ctx) => {
    const dealId = parseNumericId(String(args.dealId));
    return dealId === null ? null : ctx.loaders.dealById.load(dealId);
  },
};
