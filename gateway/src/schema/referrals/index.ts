/**
 * Resolvers of the "Refer a friend (issue 18 point 4)" section of schema.graphql:
 * Customer.referFriend, its types and recordReferralShare. schema.ts spreads these in.
 */
import { recordReferralShare } from './Mutation.recordReferralShare.ts';
import { ReferFriendType, ReferralType, referralsCustomer } from './ReferFriend.ts';

export const referralsCustomerFields = referralsCustomer;
export const referralsMutation = { recordReferralShare };
export const referralsTypes = {
  ReferFriend: ReferFriendType,
  Referral: ReferralType,
};
