/**
 * Resolvers of the "VIP membership cancellation (issue 18 point 5)" section of schema.graphql:
 * Customer.vipCancellation, cancelVipMembership and its result union. schema.ts spreads these.
 */
import { byTypename } from '../mappers.ts';
import { cancelVipMembership, vipCustomer } from './Mutation.cancelVipMembership.ts';
import { joinVip } from './Mutation.joinVip.ts';

export const vipCustomerFields = vipCustomer;
export const vipMutation = { cancelVipMembership, joinVip };
export const vipTypes = { CancelVipMembershipResult: { __resolveType: byTypename } };
