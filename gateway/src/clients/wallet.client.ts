/**
 * Typed client of the wallet service (services/wallet): GET /user/wallet?customerToken= (spec §7)
 * answers the customer's balances per currency. Spec §9: the wallet call's deadline is 40000 ms
 * (the context builds this client's RestClient with WALLET_TIMEOUT_MS).
 */
import { z } from 'zod';
import { parse, problemError } from './basket.client.ts';
import type { RestClient } from './rest-client.ts';

export const WalletBalanceSchema = z.object({
  currency: z.enum(['GBP', 'EUR']),
  balance: z.number().int(),
  marketingBalance: z.number().int(),
  refundableBalance: z.number().int(),
});
export type WalletBalance = z.infer<typeof WalletBalanceSchema>;

const WalletAnswerSchema = z
  .union([z.object({ data: z.array(WalletBalanceSchema) }), z.array(WalletBalanceSchema)])
  .transform((v) => (Array.isArray(v) ? v : v.data));

export interface WalletClient {
  balances(customerToken: string): Promise<WalletBalance[]>;
}

export function createWalletClient(rest: RestClient): WalletClient {
  return {
    async balances(customerToken) {
      const logPath = '/user/wallet?customerToken=…';
      const res = await rest.raw('GET', `/user/wallet?customerToken=${encodeURIComponent(customerToken)}`, { logPath });
      // No wallet yet is no balance, not an error.
      if (res.status === 404) return [];
      if (res.status !== 200) throw problemError('GET', logPath, res.status, res.body, 'wallet');
      return parse(WalletAnswerSchema, res.body, 'GET', logPath, 200, 'wallet');
    },
  };
}
