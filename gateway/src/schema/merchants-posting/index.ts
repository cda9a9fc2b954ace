/**
 * Goods posting on the merchant dashboard (issue 17 point 5): MerchantBusiness.ordersToPost,
 * sentOrders and returnsOnTheirWay, markVoucherSent and markReturnReceived with their result
 * unions. MerchantAccount.ts and merchants/index.ts spread these.
 */
import { byTypename } from '../mappers.ts';
import { markReturnReceived } from './Mutation.markReturnReceived.ts';
import { markVoucherSent } from './Mutation.markVoucherSent.ts';

export { merchantBusinessPostingFields } from './MerchantBusiness.posting.ts';
export const merchantsPostingMutation = { markVoucherSent, markReturnReceived };
export const merchantsPostingTypes = { MarkVoucherSentResult: { __resolveType: byTypename }, MarkReturnReceivedResult: { __resolveType: byTypename } };
