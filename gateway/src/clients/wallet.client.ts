/**
 * Typed client of the wallet service (services/wallet): GET /user/wallet?customerToken= (spec §7)
 * answers the customer's balances per currency, GET /wallet/transactions the history (keyset
 * paged by `before`), GET /wallet/credit-lots the dated credit still unspent, each parsed with the
 * service's own contract. Spec §9: the wallet call's deadline is 40000 ms (the context builds this
 * client's RestClient with WALLET_TIMEOUT_MS).
 */
import { WalletBalancesSchema, WalletCreditLotsSchema, WalletTransactionsSchema } from '@shop/wallet/contract';
import type { z } from 'zod';
import type { RestClient } from './rest-client.ts';

export type WalletBalance = z.infer<typeof WalletBalancesSchema>[number];
export type WalletTransactionRecord = z.infer<typeof WalletTransactionsSchema>['transactions'][number];
export type WalletCreditLotRecord = z.infer<typeof WalletCreditLotsSchema>['lots'][number];

export interface WalletClient {
  balances(customerToken: string): Promise<WalletBalance[]>;
  /** Newest first: `limit` of them, only those with an id below `before` when given. */
  transactions(customerToken: string, page: { limit: number; before?: number }): Promise<WalletTransactionRecord[]>;
  creditLots(customerToken: string): Promise<WalletCreditLotRecord[]>;
}

export function createWalletClient(rest: RestClient): WalletClient {
  return {
    async balances(customerToken) {
      const logPath = '/user/wallet?customerToken=…';
      // No wallet yet is no balance, not an error.
      return (await rest.send('GET', `/user/wallet?customerToken=${encodeURIComponent(customerToken)}`, { logPath, parser: WalletBalancesSchema, nullOn404: true })) ?? [];
    },
    async transactions(customerToken, page) {
      const query = `limit=${page.limit}${page.before === undefined ? '' : `&before=${page.before}`}`;
      const logPath = `/wallet/transactions?customerToken=…&${query}`;
      const body = await rest.send('GET', `/wallet/transactions?customerToken=${encodeURIComponent(customerToken)}&${query}`, { logPath, parser: WalletTransactionsSchema });
      return body.transactions;
    },
    async creditLots(customerToken) {
      const logPath = '/wallet/credit-lots?customerToken=…';
      return (await rest.send('GET', `/wallet/credit-lots?customerToken=${encodeURIComponent(customerToken)}`, { logPath, parser: WalletCreditLotsSchema })).lots;
    },
  };
}
