/** The merchant dashboard's sales (issue 17 point 2): MerchantBusiness.sales and its result union. schema.ts and MerchantAccount.ts spread these. */
import { byTypename } from '../mappers.ts';

export { merchantBusinessSales } from './MerchantBusiness.sales.ts';
export const merchantsSalesTypes = { MerchantSalesResult: { __resolveType: byTypename } };
