/**
 * Resolvers of the "Loyalty club (issue 18 point 6)" section of schema.graphql: Customer.loyalty,
 * its types and the two mutations. schema.ts spreads these into Customer and the root types.
 */
import { loyaltyCustomer, LoyaltyProfileType, PointsActivityType } from './Loyalty.ts';
import { exchangePoints, recordClubActivity } from './Mutation.rewards.ts';

export const rewardsCustomerFields = loyaltyCustomer;
export const rewardsMutation = { exchangePoints, recordClubActivity };
export const rewardsTypes = {
  LoyaltyProfile: LoyaltyProfileType,
  PointsActivity: PointsActivityType,
};
