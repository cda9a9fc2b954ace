import { z } from '@hono/zod-openapi';
import { commonErrors, createRoute, jsonContent, notFoundContent, problemContent } from '@shop/platform';
import { CreateReturnBodySchema, ReturnAnswerSchema, ReturnEventBodySchema, ReturnParamsSchema, ReturnQuerySchema } from './returns.contract.ts';

const errors = commonErrors({ 400: 'Bad input: errors[] names each invalid field with its message.' });

export const postCreateReturn = createRoute({
  method: 'post',
  path: '/create-return-order',
  operationId: 'createReturnOrder',
  tags: ['Returns'],
  summary: 'A shopper sends goods back (spec §7 create-return-order)',
  description:
    "Ready to Redeem → Return Requested with the return (the reason, the merchant's address, a new tracking reference for its label) in one transaction. " +
    "Only goods sent by post (the deal's deliveryType 'postal', as the caller read it from the deals service). One return per voucher: asking again answers the same return (200). " +
    "Another customer's voucher is a 404 like an unknown id.",
  request: { body: { required: true, description: 'The voucher, its holder, the reason and the deal.', content: { 'application/json': { schema: CreateReturnBodySchema } } } },
  responses: {
    201: jsonContent(ReturnAnswerSchema, 'The return was made: the return and the voucher (Return Requested).'),
    200: jsonContent(ReturnAnswerSchema, 'This voucher has a return already: that return, as it now is.'),
    409: problemContent('VOUCHER_NOT_RETURNABLE: not goods sent by post, or not Ready to Redeem (the detail says its status).'),
    ...errors,
    ...notFoundContent('No such voucher of this customer.'),
  },
});

export const getReturnsLabel = createRoute({
  method: 'get',
  path: '/v1/returns/returns-label',
  operationId: 'getReturnsLabel',
  tags: ['Returns'],
  summary: "A return and its label's data (spec §7 /v1/returns/returns-label)",
  description:
    'The holder\'s return, by its id or its voucher\'s: carrier, tracking reference, the address it goes to, the four steps with when each was reached, the refund once made. ' +
    "Another customer's return is a 404 like an unknown id.",
  request: { query: ReturnQuerySchema },
  responses: { 200: jsonContent(ReturnAnswerSchema, 'The return and its voucher.'), ...errors, ...notFoundContent('No such return of this customer.') },
});

export const getReturnsPdf = createRoute({
  method: 'get',
  path: '/v1/returns/pdf',
  operationId: 'getReturnsLabelPdf',
  tags: ['Returns'],
  summary: 'The returns label, a PDF (spec §7 /v1/returns/pdf)',
  description: "An A4 PDF with the label to stick on the parcel: the merchant's address, the tracking reference as text and as a QR code, and how to send it. Another customer's return is a 404.",
  request: { query: ReturnQuerySchema },
  responses: {
    200: { description: 'The PDF.', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errors,
    ...notFoundContent('No such return of this customer.'),
  },
});

export const postReturnEvent = createRoute({
  method: 'post',
  path: '/v1/returns/{returnId}/events',
  operationId: 'postReturnEvent',
  tags: ['Returns'],
  summary: "A return's later steps: the carrier's scan and the merchant's receipt",
  description:
    'shipped (the carrier scanned the parcel): Return Requested → Return in Transit. received (the merchant has the goods back): Return in Transit → Returned to the Merchant, ' +
    'then the refund of what was paid to the original payment method (→ Refunded; the card part retried by the refunds job if the provider does not answer). ' +
    'An event whose step is already reached answers the return as it is (200): senders may repeat.',
  request: {
    params: ReturnParamsSchema,
    body: { required: true, description: 'The event, and who sends it.', content: { 'application/json': { schema: ReturnEventBodySchema } } },
  },
  responses: {
    200: jsonContent(ReturnAnswerSchema, 'The return and its voucher as they now are.'),
    409: problemContent('VOUCHER_NOT_RETURNABLE: the step does not follow from where the return is (e.g. received before shipped); the detail says its status.'),
    ...errors,
    ...notFoundContent('No such return.'),
  },
});
