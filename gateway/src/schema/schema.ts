/**
 * The executable schema: schema.graphql at the repo root (the contract the client compiles
 * against) with the resolvers of this folder.
 */
import { readFileSync } from 'node:fs';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { Category } from './deals/Category.ts';
import { Deal, DealProduct, Merchant } from './deals/Deal.ts';
import { Location, NavigationItem, SubNavigation } from './deals/Location.ts';
import { Money } from './deals/Money.ts';
import { dealFilterValidate } from './deals/Mutation.dealFilterValidate.ts';
import { Query } from './Query.ts';
import { staticPage } from './content/Query.staticPage.ts';
import { StaticPageSectionResolvers } from './content/StaticPage.ts';
import { NearMeArea, nearMeArea, nearMeLocations } from './lists/NearMe.ts';
import { buyAgainDeals, earlyBirdDeals, recentlyViewedDeals, recommendedDeals } from './lists/Query.lists.ts';
import { SpecialEvent, specialEvent } from './lists/SpecialEvent.ts';
import { Guide, guide } from './search/Guide.ts';
import { recordSponsoredEvents, sponsoredSession } from './search/Mutation.sponsored.ts';
import { search } from './search/Query.search.ts';
import { SearchSuggestion, searchSuggestions } from './search/Query.searchSuggestions.ts';
import { SearchConnection, SearchFacet } from './search/SearchConnection.ts';

export const SCHEMA_PATH = new URL('../../../schema.graphql', import.meta.url);

const byTypename = (value: { __typename?: string }) => value.__typename ?? null;

export const resolvers = {
  Query: {
    ...Query,
    staticPage,
    search,
    searchSuggestions,
    recentlyViewedDeals,
    recommendedDeals,
    buyAgainDeals,
    earlyBirdDeals,
    specialEvent,
    nearMeLocations,
    nearMeArea,
    guide,
  },
  Mutation: { dealFilterValidate, sponsoredSession, recordSponsoredEvents },
  Node: { __resolveType: byTypename },
  UserError: { __resolveType: byTypename },
  DealFilterValidateResult: { __resolveType: byTypename },
  SponsoredSessionResult: { __resolveType: byTypename },
  RecordSponsoredEventsResult: { __resolveType: byTypename },
  Location,
  NavigationItem,
  SubNavigation,
  Category,
  Deal,
  DealProduct,
  Merchant,
  Money,
  StaticPageSection: StaticPageSectionResolvers,
  SearchConnection,
  SearchFacet,
  SearchSuggestion,
  SpecialEvent,
  NearMeArea,
  Guide,
};

let cached: GraphQLSchema | undefined;

export function createSchema(): GraphQLSchema {
  cached ??= makeExecutableSchema({
    typeDefs: readFileSync(SCHEMA_PATH, 'utf8'),
    resolvers,
    resolverValidationOptions: { requireResolversToMatchSchema: 'error', requireResolversForResolveType: 'error' },
  });
  return cached;
}
