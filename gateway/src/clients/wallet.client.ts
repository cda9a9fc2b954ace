/**
 * Typed client of the wallet service (services/wallet): GET /user/wallet?customerToken= (spec §7)
 * answers the customer's balances per currency, parsed with the service's own contract. Spec §9:
 * the wallet call's deadline is 40000 ms (the context builds this client's RestClient with
 * WALLET_TIMEOUT_MS).
 */
import { WalletBalancesSchema } from '@shop/wallet/contract';
import type { z } from 'zod';
import type { RestClient } from './rest-client.ts';

export type WalletBalance = z.infer<typeof WalletBalancesSchema>[number];

export interface WalletClient {
  balances(customerToken: string): Promise<WalletBalance[]>;
}

export function createWalletClient(rest: RestClient): WalletClient {
  return {
    async balances(customerToken) {
      const logPath = '/user/wallet?customerToken=…';
      // No wallet yet is no balance, not an error.
      return (await rest.send('GET', `/user/wallet?customerToken=${encodeURIComponent(customerToken)}`, { logPath, parser: WalletBalancesSchema, nullOn404: true })) ?? [];
    },
  };
}
