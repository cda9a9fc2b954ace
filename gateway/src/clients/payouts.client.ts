/**
 * The vouchers service's payout statements (services/vouchers README "Payouts", issue 17 point 6)
 * and the merchants service's commission rates they are computed with. The deal ids and rates
 * come from the caller, who checked the membership first (MerchantBusiness is only ever a
 * member's business; the download routes check it the same way).
 *
 * - POST /payouts/statements {dealIds, commission, weeks}: the last weeks' totals, newest first;
 * - POST /payouts/statement {dealIds, commission, from, dealTitles?}: one week with its lines;
 *   400 naming from;
 * - POST /payouts/statement/csv and /pdf: the same as a file;
 * - GET /businesses/{id}/commission (merchants): the business's rate and its deals' own.
 */
import { CommissionRatesSchema } from '@shop/merchants/commission/commission.contract';
import { StatementSchema, StatementsSchema, type StatementBody } from '@shop/vouchers/payouts/payouts.contract';
import type { z } from 'zod';
import type { BinaryResponse, RestClient } from './rest-client.ts';

export type PayoutStatementData = z.infer<typeof StatementSchema>;
export type PayoutSummaryData = z.infer<typeof StatementsSchema>['statements'][number];
export type CommissionRatesData = z.infer<typeof CommissionRatesSchema>;
export type PayoutCommission = StatementBody['commission'];

export interface PayoutStatementRequest {
  dealIds: readonly number[];
  commission: PayoutCommission;
  from: string;
  businessName?: string;
  dealTitles?: Array<{ dealId: number; title: string }>;
}

export interface PayoutsClient {
  commissionOf(businessId: number): Promise<CommissionRatesData | null>;
  statements(dealIds: readonly number[], commission: PayoutCommission, weeks: number): Promise<PayoutSummaryData[]>;
  statement(request: PayoutStatementRequest): Promise<PayoutStatementData>;
  file(format: 'csv' | 'pdf', request: PayoutStatementRequest): Promise<BinaryResponse | null>;
}

export function createPayoutsClient(vouchers: RestClient, merchants: RestClient): PayoutsClient {
  const body = (r: PayoutStatementRequest) => ({ ...r, dealIds: [...r.dealIds] });
  return {
    commissionOf: (businessId) => merchants.send('GET', `/businesses/${businessId}/commission`, { parser: CommissionRatesSchema, nullOn404: true }),
    statements: async (dealIds, commission, weeks) => (await vouchers.send('POST', '/payouts/statements', { body: { dealIds: [...dealIds], commission, weeks }, parser: StatementsSchema })).statements,
    statement: (request) => vouchers.send('POST', '/payouts/statement', { body: body(request), parser: StatementSchema }),
    file: (format, request) => vouchers.binary('POST', `/payouts/statement/${format}`, { body: body(request), accept: format === 'csv' ? 'text/csv' : 'application/pdf' }),
  };
}
