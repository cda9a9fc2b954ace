/**
 * Credit claims (issue 18 point 3): claimCredit and its result union. schema.ts spreads these.
 */
import { byTypename } from '../mappers.ts';
import { claimCredit } from './Mutation.claimCredit.ts';

export const creditClaimsMutation = { claimCredit };
export const creditClaimsTypes = { ClaimCreditResult: { __resolveType: byTypename } };
