/**
 * Query.searchSuggestions: what the header search box offers as the shopper types (terms,
 * categories, locations, deals), from the search service's /suggest. Under SUGGEST_MIN_CHARS
 * there is nothing to suggest (no call); over 200 characters is BAD_USER_INPUT on `query`.
 * DEAL suggestions are hydrated through the batched deal loader (one call for all of them).
 */
import { SUGGEST_MIN_CHARS } from '@shop/domain';
import type { SuggestResponse } from '../../clients/search.client.ts';
import { badUserInput } from '../../relay/connection.ts';
import type { Resolver } from '../types.ts';
import { SLUG, searchText } from './Query.search.ts';
import type { SearchSuggestionResolvers } from '../__generated__/resolvers.ts';
import { enumValue } from '../mappers.ts';

export type SearchSuggestionParent = SuggestResponse['suggestions'][number];

/** At most this many suggestions (the header box shows 8 by default). */
export const MAX_SUGGESTIONS = 20;

export const searchSuggestions: Resolver<unknown, { query: string; location?: string | null; first?: number | null }, Promise<SearchSuggestionParent[]>> = async (
  _p,
  args,
  ctx,
) => {
  const q = searchText(args.query);
  const first = args.first ?? 8;
  if (!Number.isInteger(first) || first <= 0) throw badUserInput('`first` must be a positive number.', 'first');
  const limit = Math.min(first, MAX_SUGGESTIONS);
  if (q.length < SUGGEST_MIN_CHARS) return [];
  // A malformed location narrows to nothing the service knows: suggest for every location.
  const location = args.location && SLUG.test(args.location) ? args.location : null;
  return ctx.loaders.suggestions.load({ q, location, limit });
};

export const SearchSuggestion: SearchSuggestionResolvers = {
  kind: (s) => enumValue(s.kind),
  deal: (s, _a, ctx) => (s.dealId != null ? ctx.loaders.dealById.load(s.dealId) : null),
};
