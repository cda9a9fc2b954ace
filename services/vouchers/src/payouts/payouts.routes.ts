import { z } from '@hono/zod-openapi';
import { commonErrors, createRoute, jsonContent } from '@shop/platform';
import { STATEMENTS_MAX_WEEKS, StatementBodySchema, StatementSchema, StatementsBodySchema, StatementsSchema } from './payouts.contract.ts';

const errors = commonErrors({ 400: 'Bad input: errors[] names each invalid field with its message (dealIds, commission, weeks, from, period).' });

const RULES =
  'A voucher of these deals is paid once, in the period of its first payable event: a redemption that stands (one undone within its 15 minutes is never paid) or goods marked sent; ' +
  "at what its shopper paid (voucher.paid, integer pence), less the shop's commission at the deal's rate (else the business's), rounded half up to the penny. " +
  'Refunded (or returned) in the same period: neither. Paid in an earlier period and refunded in this one: a clawback line takes back its paid value less its commission. ' +
  'Totals are sums of the lines. Weeks are London weeks, Monday 00:00 to Monday 00:00. Computed from the vouchers, events, dispatches and refunds at each request (nothing stored).';

export const postStatements = createRoute({
  method: 'post',
  path: '/payouts/statements',
  operationId: 'getPayoutStatements',
  tags: ['Payouts'],
  summary: "A business's weekly payout statements, totals only, newest first",
  description: `The last N London weeks (this one so far included, at most ${STATEMENTS_MAX_WEEKS}) for the merchant's own deals (dealIds). ${RULES} One query for the whole range.`,
  request: { body: { required: true, description: 'The deals, the rates and how many weeks.', content: { 'application/json': { schema: StatementsBodySchema } } } },
  responses: { 200: jsonContent(StatementsSchema, 'The statements, newest first.'), ...errors },
});

const statementBody = { body: { required: true, description: 'The deals, the rates and the period.', content: { 'application/json': { schema: StatementBodySchema } } } } as const;

export const postStatement = createRoute({
  method: 'post',
  path: '/payouts/statement',
  operationId: 'getPayoutStatement',
  tags: ['Payouts'],
  summary: 'One payout statement with every line',
  description: `A London week from its Monday (or a London month from its 1st). ${RULES}`,
  request: statementBody,
  responses: { 200: jsonContent(StatementSchema, 'The statement and its lines, oldest first.'), ...errors },
});

export const postStatementCsv = createRoute({
  method: 'post',
  path: '/payouts/statement/csv',
  operationId: 'getPayoutStatementCsv',
  tags: ['Payouts'],
  summary: 'One payout statement as CSV',
  description: 'The statement of POST /payouts/statement as CSV (RFC 4180): a row per line (London date, kind, code, deal, option, paid, rate, commission, net; pounds with two decimals), then the totals. An attachment.',
  request: statementBody,
  responses: { 200: { description: 'The CSV.', content: { 'text/csv': { schema: z.string() } } }, ...errors },
});

export const postStatementPdf = createRoute({
  method: 'post',
  path: '/payouts/statement/pdf',
  operationId: 'getPayoutStatementPdf',
  tags: ['Payouts'],
  summary: 'One payout statement as an A4 PDF',
  description: 'The statement of POST /payouts/statement as a PDF: the business, the period, the totals and every line. An attachment.',
  request: statementBody,
  responses: { 200: { description: 'The PDF.', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } }, ...errors },
});
