/** Payout statements on the merchant dashboard (issue 17 point 6): MerchantBusiness.payoutStatements and payoutStatement with its result union. schema.ts and MerchantAccount.ts spread these. */
import { byTypename } from '../mappers.ts';

export { merchantBusinessPayouts } from './MerchantBusiness.payouts.ts';
export const merchantsPayoutsTypes = { PayoutStatementResult: { __resolveType: byTypename } };
