/**
 * The executable schema: schema.graphql at the repo root (the contract the client compiles
 * against) with the resolvers of this folder.
 */
import { readFileSync } from 'node:fs';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import type { GatewayContext } from '../context.ts';
import type { Resolvers } from './__generated__/resolvers.ts';
import { byTypename, enumValue } from './mappers.ts';
import { Customer, viewer } from './accounts/Customer.ts';
import { buyingCustomerFields, buyingMutation, buyingQuery, buyingTypes } from './buying/index.ts';
import { vouchersCustomerFields, vouchersMutation, vouchersQuery, vouchersTypes } from './vouchers/index.ts';
import { merchantReviewFields, reviewsMutation, reviewsTypes, voucherReviewFields } from './reviews/index.ts';
import { merchantsApplyMutation, merchantsApplyQuery, merchantsApplyTypes } from './merchants-apply/merchant-applications.ts';
import { merchantsCustomerFields, merchantsMutation, merchantsQuery, merchantsTypes } from './merchants/index.ts';
import { merchantsSalesTypes } from './merchants-sales/index.ts';
import { bookingsMutation, bookingsTypes, dealBookingAvailability } from './bookings/index.ts';
import { merchantsPayoutsTypes } from './merchants-payouts/index.ts';
import { creditClaimsMutation, creditClaimsTypes } from './credit-claims/index.ts';
import { giftCardsMutation, giftCardsQuery, giftCardsTypes } from './giftcards/index.ts';
import { giftFinderQuery, giftFinderTypes } from './giftfinder/index.ts';
import { walletCustomerFields, walletTypes } from './wallet/index.ts';
import { rewardsCustomerFields, rewardsMutation, rewardsTypes } from './rewards/index.ts';
import { vipCustomerFields, vipMutation, vipTypes } from './vip/index.ts';
import { referralsCustomerFields, referralsMutation, referralsTypes } from './referrals/index.ts';
import { wishlistDealFields, wishlistMutation, wishlistQuery, wishlistTypes } from './wishlist/index.ts';
import { wishlistAlertsCustomerFields, wishlistAlertsMutation, wishlistAlertsTypes } from './wishlist-alerts/index.ts';
import {
  confirmSubscription,
  emailPreferences,
  EmailPreferencesType,
  subscribeEmail,
  unsubscribeEmail,
  updateEmailPreferences,
} from './accounts/EmailPreferences.ts';
import { activatePassword, changePassword, requestPasswordReset, resetPassword } from './accounts/Mutation.password.ts';
import { deleteAccount, updateProfile } from './accounts/Mutation.profile.ts';
import { expressRegister, register } from './accounts/Mutation.register.ts';
import { confirmEmail, login, logout, requestSignInLink, signInWithLink } from './accounts/Mutation.signIn.ts';
import { Category } from './deals/Category.ts';
import { Deal, DealProduct, Merchant } from './deals/Deal.ts';
import { Location, NavigationItem, SubNavigation } from './deals/Location.ts';
import { Money } from './deals/Money.ts';
import { dealFilterValidate } from './deals/Mutation.dealFilterValidate.ts';
import { Query } from './Query.ts';
import { mapQuery, mapTypes } from './map/map-deals.ts';
import { previewQuery } from './preview/preview.ts';
import { WelcomeCampaign, welcomeCampaign } from './preview/welcome.ts';
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


export const resolvers = {
  Query: {
    ...Query,
    viewer,
    emailPreferences,
    socialProviders: (_p: unknown, _a: unknown, ctx: GatewayContext) => ctx.accounts.socialProviders.map(enumValue),
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
    ...buyingQuery,
    ...vouchersQuery,
    ...merchantsApplyQuery,
    ...giftCardsQuery,
    ...giftFinderQuery,
    ...merchantsQuery,
    ...wishlistQuery,
    ...mapQuery,
    ...previewQuery,
    welcomeCampaign,
  },
  Mutation: {
    register,
    expressRegister,
    login,
    logout,
    confirmEmail,
    requestSignInLink,
    signInWithLink,
    requestPasswordReset,
    resetPassword,
    activatePassword,
    changePassword,
    updateProfile,
    deleteAccount,
    subscribeEmail,
    confirmSubscription,
    updateEmailPreferences,
    unsubscribeEmail,
    dealFilterValidate,
    sponsoredSession,
    recordSponsoredEvents,
    ...buyingMutation,
    ...vouchersMutation,
    ...reviewsMutation,
    ...merchantsApplyMutation,
    ...merchantsMutation,
    ...bookingsMutation,
    ...creditClaimsMutation,
    ...rewardsMutation,
    ...giftCardsMutation,
    ...vipMutation,
    ...referralsMutation,
    ...wishlistMutation,
    ...wishlistAlertsMutation,
  },
  Node: { __resolveType: byTypename },
  UserError: { __resolveType: byTypename },
  RegisterResult: { __resolveType: byTypename },
  LoginResult: { __resolveType: byTypename },
  RequestPasswordResetResult: { __resolveType: byTypename },
  RequestSignInLinkResult: { __resolveType: byTypename },
  ResetPasswordResult: { __resolveType: byTypename },
  ChangePasswordResult: { __resolveType: byTypename },
  UpdateProfileResult: { __resolveType: byTypename },
  DeleteAccountResult: { __resolveType: byTypename },
  SubscribeEmailResult: { __resolveType: byTypename },
  EmailPreferencesResult: { __resolveType: byTypename },
  DealFilterValidateResult: { __resolveType: byTypename },
  SponsoredSessionResult: { __resolveType: byTypename },
  RecordSponsoredEventsResult: { __resolveType: byTypename },
  ExchangePointsResult: { __resolveType: byTypename },
  RecordClubActivityResult: { __resolveType: byTypename },
  RecordReferralShareResult: { __resolveType: byTypename },
  Location,
  NavigationItem,
  SubNavigation,
  Category,
  Deal: { ...Deal, bookingAvailability: dealBookingAvailability, ...wishlistDealFields },
  DealProduct,
  Merchant: { ...Merchant, ...merchantReviewFields },
  Money,
  StaticPageSection: StaticPageSectionResolvers,
  SearchConnection,
  SearchFacet,
  SearchSuggestion,
  SpecialEvent,
  NearMeArea,
  Guide,
  Customer: { ...Customer, ...buyingCustomerFields, ...vouchersCustomerFields, ...merchantsCustomerFields, ...walletCustomerFields, ...rewardsCustomerFields, ...vipCustomerFields, ...referralsCustomerFields, ...wishlistAlertsCustomerFields },
  EmailPreferences: EmailPreferencesType,
  ...buyingTypes,
  ...mapTypes,
  ...vouchersTypes,
  // Reviews (issue 19 point 9): the holder's review of a voucher, beside the vouchers' own fields.
  Voucher: { ...vouchersTypes.Voucher, ...voucherReviewFields },
  ...reviewsTypes,
  ...merchantsApplyTypes,
  ...merchantsTypes,
  ...merchantsSalesTypes,
  ...bookingsTypes,
  ...merchantsPayoutsTypes,
  ...creditClaimsTypes,
  ...giftCardsTypes,
  ...giftFinderTypes,
  ...walletTypes,
  ...rewardsTypes,
  ...vipTypes,
  ...referralsTypes,
  ...wishlistTypes,
  WelcomeCampaign,
  ...wishlistAlertsTypes,
  // Checked against schema.graphql (GraphQL Code Generator, gateway/codegen.yml): a resolver that
  // answers the wrong shape, or one for a field the schema lacks, fails the typecheck.
} satisfies Resolvers;

let cached: GraphQLSchema | undefined;

export function createSchema(): GraphQLSchema {
  cached ??= makeExecutableSchema({
    typeDefs: readFileSync(SCHEMA_PATH, 'utf8'),
    resolvers,
    resolverValidationOptions: { requireResolversToMatchSchema: 'error', requireResolversForResolveType: 'error' },
  });
  return cached;
}
