import { commonErrors, createRoute, jsonContent, problemContent } from '@shop/platform';
import { CreditBodySchema, CreditResultSchema, CustomerQuerySchema, TransactionsQuerySchema, WalletBalancesSchema, WalletCreditLotsSchema, WalletTransactionsSchema } from './contract.ts';

/** The answers every wallet route can give (401, 413 and 500 in the platform's words). */
const walletErrors = commonErrors({ 400: 'Bad input: errors[] names each invalid field with its message.' });

export const getWallet = createRoute({
  method: 'get',
  path: '/user/wallet',
  operationId: 'getUserWallet',
  tags: ['Wallet'],
  summary: "The customer's wallet by currency (spec §7 GET user/wallet)",
  description: 'One entry per currency with balance, marketingBalance and refundableBalance in integer pence; [] for a customer never credited.',
  request: { query: CustomerQuerySchema },
  responses: { 200: jsonContent(WalletBalancesSchema, 'The balances by currency.'), ...walletErrors },
});

export const getTransactions = createRoute({
  method: 'get',
  path: '/wallet/transactions',
  operationId: 'getWalletTransactions',
  tags: ['Wallet'],
  summary: "The customer's wallet history, newest first",
  description: 'Each ledger transaction touching the customer: credits, holds for orders, captures and releases, with the change per bucket.',
  request: { query: TransactionsQuerySchema },
  responses: { 200: jsonContent(WalletTransactionsSchema, 'The history, newest first.'), ...walletErrors },
});

export const getCreditLots = createRoute({
  method: 'get',
  path: '/wallet/credit-lots',
  operationId: 'getWalletCreditLots',
  tags: ['Wallet'],
  summary: "The customer's dated credit still unspent, soonest-expiring first",
  description: 'Each credit with an expiry date (expired voucher credit, wallet credit) that is not yet spent or expired: what is left of it and the last instant it can be spent.',
  request: { query: CustomerQuerySchema },
  responses: { 200: jsonContent(WalletCreditLotsSchema, 'The unspent dated credit, soonest-expiring first.'), ...walletErrors },
});

export const postCredit = createRoute({
  method: 'post',
  path: '/wallet/credit',
  operationId: 'creditWallet',
  tags: ['Wallet'],
  summary: "Credit a customer's wallet (operators and tests)",
  description:
    'Moves amount from system:promotions (bucket marketing) or system:refunds (bucket refundable) to the customer. Idempotent by ref: ' +
    'the same ref with the same figures answers 200 and moves nothing; the same ref with other figures is 422 IDEMPOTENCY_CONFLICT naming ref.',
  request: { body: { required: true, description: 'The credit.', content: { 'application/json': { schema: CreditBodySchema } } } },
  responses: {
    201: jsonContent(CreditResultSchema, 'Credited; the balances after.'),
    200: jsonContent(CreditResultSchema, 'This ref had already credited the same figures: nothing moved.'),
    422: problemContent('The ref was already used for another credit (IDEMPOTENCY_CONFLICT, errors[] names ref).'),
    ...walletErrors,
  },
});
