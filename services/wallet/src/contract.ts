/**
 * The wallet service's REST shapes (README.md is the contract). Amounts are integer pence.
 */
import { z } from '@hono/zod-openapi';
import { CustomerTokenSchema } from '@shop/platform';
import { WALLET_AMOUNT_MAX, WALLET_BUCKETS, WALLET_CURRENCIES } from './ledger.ts';

export { ProblemSchema } from '@shop/platform';

export { CustomerTokenSchema };

const Pence = z.number().int().openapi({ description: 'Integer pence.', example: 1250 });

export const WalletBalanceSchema = z
  .object({
    currency: z.enum(WALLET_CURRENCIES),
    balance: Pence.openapi({ description: 'marketingBalance + refundableBalance, integer pence.' }),
    marketingBalance: Pence.openapi({ description: 'Promotional credit (spec §9: pays at most 10 %, up to £5, of each item), integer pence.' }),
    refundableBalance: Pence.openapi({ description: 'Refundable credit (refunds, gift cards), integer pence.' }),
  })
  .openapi('WalletBalance');

export const WalletBalancesSchema = z.array(WalletBalanceSchema).openapi('WalletBalances', { description: 'One entry per currency the customer holds credit in; [] for a customer never credited.' });

export const WalletTransactionSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(['credit', 'hold', 'capture', 'release', 'reversal', 'refund', 'expiry']),
    ref: z.string(),
    reason: z.string(),
    currency: z.enum(WALLET_CURRENCIES),
    amount: Pence.openapi({ description: 'The change to the wallet: positive in, negative out, 0 for a capture (the credit had already left at the hold).' }),
    marketing: Pence,
    refundable: Pence,
    createdAt: z.string().openapi({ description: 'ISO 8601 instant.', example: '2026-11-24T10:00:00.000Z' }),
  })
  .openapi('WalletTransaction');

export const WalletTransactionsSchema = z.object({ transactions: z.array(WalletTransactionSchema) }).openapi('WalletTransactions');

export const CustomerQuerySchema = z.object({ customerToken: CustomerTokenSchema });
export const TransactionsQuerySchema = z.object({
  customerToken: CustomerTokenSchema,
  limit: z.coerce.number().int().min(1).max(200).optional().openapi({ description: 'How many, newest first (default 50, at most 200).', example: 50 }),
  before: z.coerce
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .openapi({ description: 'Keyset cursor: only transactions with an id below this one (the id of the last one of the previous page).', example: 120 }),
});

export const WalletCreditLotSchema = z
  .object({
    currency: z.enum(WALLET_CURRENCIES),
    bucket: z.enum(WALLET_BUCKETS),
    amount: Pence.openapi({ description: 'The credit as given, integer pence.' }),
    remaining: Pence.openapi({ description: 'What is still unspent of it, integer pence.' }),
    expiresAt: z.string().openapi({ description: 'ISO 8601: the last instant it can be spent.', example: '2026-12-15T23:59:59.999Z' }),
    reason: z.string().openapi({ description: 'What the credit was for.', example: 'Expired voucher credit' }),
  })
  .openapi('WalletCreditLot');

export const WalletCreditLotsSchema = z
  .object({ lots: z.array(WalletCreditLotSchema) })
  .openapi('WalletCreditLots', { description: 'Dated credit still unspent, soonest-expiring first.' });

export const CreditBodySchema = z
  .object({
    customerToken: CustomerTokenSchema,
    currency: z.enum(WALLET_CURRENCIES),
    amount: z.number().int().min(1).max(WALLET_AMOUNT_MAX).openapi({ description: `Integer pence, 1 to ${WALLET_AMOUNT_MAX}.`, example: 1000 }),
    bucket: z.enum(WALLET_BUCKETS),
    reason: z.string().trim().min(1).max(200).openapi({ example: 'Goodwill credit' }),
    ref: z.string().min(1).max(200).openapi({ description: 'Idempotency reference: the same ref credits once.', example: 'goodwill-2026-11-24-0001' }),
  })
  .strict()
  .openapi('WalletCreditRequest');

export const CreditResultSchema = z
  .object({ created: z.boolean().openapi({ description: 'false when this ref had already credited the same figures (nothing moved).' }), balances: WalletBalancesSchema })
  .openapi('WalletCreditResult');
