/**
 * The vouchers service's sales figures (services/vouchers README "Sales", issue 17 point 2), for
 * the merchant dashboard. The deal ids come from the caller, who checked the membership first
 * (MerchantBusiness is only ever a member's business).
 *
 * - POST /sales {dealIds, from, to}: 200 the figures per option and London day; 400 naming from,
 *   to or dealIds (a ServiceError with its field errors).
 */
import { SalesAnswerSchema } from '@shop/vouchers/sales/sales.contract';
import type { z } from 'zod';
import type { RestClient } from './rest-client.ts';

export type SalesData = z.infer<typeof SalesAnswerSchema>;

export interface SalesClient {
  sales(dealIds: readonly number[], from: string, to: string): Promise<SalesData>;
}

export function createSalesClient(rest: RestClient): SalesClient {
  return {
    sales: (dealIds, from, to) => rest.send('POST', '/sales', { body: { dealIds: [...dealIds], from, to }, parser: SalesAnswerSchema }),
  };
}
