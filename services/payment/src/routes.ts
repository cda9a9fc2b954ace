/**
 * The payment service's REST contract (README.md, spec §7): request and answer schemas and the
 * routes, published in the OpenAPI document.
 */
import { z } from '@hono/zod-openapi';
import { BUYING_MESSAGES, IDEMPOTENCY_KEY_PATTERN, INSTRUMENT_TYPES, PAYMENT_METHODS, PAYMENT_PROVIDERS } from '@shop/domain/buying';
import { EMAIL_MAX, isEmail } from '@shop/domain/email';
import { commonErrors, createRoute, jsonContent, problemContent, ProblemSchema } from '@shop/platform';

const body = <T extends z.ZodType>(schema: T, description: string) => ({ body: { required: true, description, content: { 'application/json': { schema } } } });

const Pence = z.number().int().positive().max(100_000_000).openapi({ description: 'Integer pence (a float or a fraction is a 400).', example: 1999 });
const Currency = z.literal('GBP').openapi({ description: 'Pounds sterling only.' });
const OrderRef = z.string().min(1).max(255).openapi({ description: 'Our reference for the charge (the order id); lookups find the charge by it.', example: 'ord_01J0000000000000000000' });
/** The shop's one email rule (domain/src/email.ts): the address the receipt and the mailer will take. */
const Email = z.string().max(EMAIL_MAX).refine(isEmail, { error: BUYING_MESSAGES.email }).openapi({ example: 'shopper@example.co.uk' });
const CustomerToken = z.string().min(10).max(255).openapi({ description: 'The signed-in shopper (from the session, never from client input).', example: 'c0ffee-customer-token' });
const Provider = z.enum(PAYMENT_PROVIDERS);

export const IdempotencyHeaders = z.object({
  'idempotency-key': z.string().regex(IDEMPOTENCY_KEY_PATTERN, 'Send an Idempotency-Key of 1 to 255 printable ASCII characters.').openapi({
    description: 'Required: the provider idempotency key of the charge (the checkout sends the order id). The same key never charges twice.',
    example: 'ord_01J0000000000000000000',
  }),
});

export const ChargeBodySchema = z
  .strictObject({
    orderRef: OrderRef,
    method: z.enum(PAYMENT_METHODS),
    amount: Pence,
    currency: Currency,
    token: z.string().min(1).max(2048).nullable().openapi({ description: 'The one-time token from the sandbox (nonce, Klarna authorization token, Clearpay checkout token); null with savedInstrumentId.' }),
    savedInstrumentId: z.string().min(1).max(64).nullable().default(null),
    saveInstrument: z.boolean().default(false),
    customerToken: CustomerToken.nullable().default(null),
    email: Email,
  })
  .openapi('ChargeRequest');

export const KlarnaPayBodySchema = z
  .strictObject({ orderRef: OrderRef, amount: Pence, currency: Currency, authorizationToken: z.string().min(1).max(2048), email: Email, customerToken: CustomerToken.nullable().default(null) })
  .openapi('KlarnaPayRequest');
export const ClearpayPayBodySchema = z
  .strictObject({ orderRef: OrderRef, amount: Pence, currency: Currency, token: z.string().min(1).max(2048), email: Email, customerToken: CustomerToken.nullable().default(null) })
  .openapi('ClearpayPayRequest');
export const KlarnaSessionBodySchema = z.strictObject({ amount: Pence, currency: Currency, orderRef: OrderRef.nullable().default(null) }).openapi('KlarnaSessionRequest');
export const ClearpayCheckoutBodySchema = z.strictObject({ amount: Pence, currency: Currency, orderRef: OrderRef, email: Email }).openapi('ClearpayCheckoutRequest');

export const ChargeSucceededSchema = z
  .object({
    status: z.literal('succeeded'),
    provider: Provider,
    transactionId: z.string(),
    cardType: z.string().nullable(),
    instrumentId: z.string().nullable().openapi({ description: 'The saved instrument charged, or the one saved by this charge.' }),
  })
  .openapi('ChargeSucceeded');
export const ChargeUnknownSchema = z
  .object({ status: z.literal('unknown'), provider: Provider, review: z.literal(true).optional().openapi({ description: 'The provider answered another amount or currency (P7): held for review, never a success.' }) })
  .openapi('ChargeUnknown', { description: 'No answer within the deadline (timeout, reset, 5xx): the money may have moved. Never retry with another key; ask GET /charges/{orderRef} later.' });
export const ChargeDeclinedSchema = z
  .object({
    status: z.literal('declined'),
    provider: Provider,
    code: z.enum(['PAYMENT_DECLINED', 'PAYMENT_FAILED', 'CARD_NOT_ACCEPTED']),
    message: z.string().openapi({ description: 'The spec §8 words (domain BUYING_MESSAGES).' }),
    retryable: z.boolean(),
    processorCode: z.string().nullable(),
  })
  .openapi('ChargeDeclined');
export const ChargeAnswerSchema = z.object({ data: ChargeSucceededSchema }).openapi('ChargeAnswer');
export const ChargePendingAnswerSchema = z.object({ data: ChargeUnknownSchema, code: z.literal('PAYMENT_PENDING'), message: z.string() }).openapi('ChargePendingAnswer');
export const DeclineProblemSchema = ProblemSchema.extend({ retryable: z.boolean(), processorCode: z.string().nullable(), provider: Provider }).openapi('DeclineProblem');
export const LookupAnswerSchema = z
  .object({ data: z.union([ChargeSucceededSchema, ChargeDeclinedSchema, ChargeUnknownSchema, z.object({ status: z.literal('none') })]) })
  .openapi('LookupAnswer');

// The answers that start a payment in the browser (the gateway's payment client parses with these).
export const ClientTokenAnswerSchema = z.object({ data: z.object({ clientToken: z.string() }) }).openapi('ClientToken');
export const KlarnaSessionAnswerSchema = z.object({ data: z.object({ sessionId: z.string(), clientToken: z.string(), approvalUrl: z.string() }) }).openapi('KlarnaSession');
export const ClearpayCheckoutAnswerSchema = z.object({ data: z.object({ token: z.string(), expires: z.string(), approvalUrl: z.string() }) }).openapi('ClearpayCheckout');

export const InstrumentSchema = z
  .object({
    id: z.string(),
    savedPaymentType: z.literal('savedCard'),
    type: z.enum(INSTRUMENT_TYPES),
    gateway: Provider,
    cardType: z.string().nullable(),
    last4: z.string().nullable(),
    expiryMonth: z.number().int().nullable(),
    expiryYear: z.number().int().nullable(),
    default: z.boolean(),
    createdAt: z.string(),
  })
  .openapi('PaymentInstrument');
export const InstrumentListSchema = z.object({ data: z.object({ paymentInstruments: z.array(InstrumentSchema) }) }).openapi('PaymentInstruments');
export const InstrumentAnswerSchema = z.object({ data: InstrumentSchema }).openapi('PaymentInstrumentAnswer');

const errors = commonErrors({
  400: 'Bad input, naming each field; raw card fields (number, cvv, expirationDate, …) or a card number anywhere in the body are refused (SAQ A).',
  401: 'Missing or wrong x-service-token.',
  413: 'Request body too large.',
  500: 'Unexpected failure; the body carries only code INTERNAL.',
});
const providerDown = { 503: problemContent('The provider did not answer (or its circuit is open): code PAYMENT_FAILED with the providerUnreachable words.') };
const chargeAnswers = {
  201: jsonContent(ChargeAnswerSchema, 'Charged.'),
  202: jsonContent(ChargePendingAnswerSchema, 'Outcome unknown (PAYMENT_PENDING): reconcile by orderRef.'),
  402: problemContent('Declined or failed: code PAYMENT_DECLINED, PAYMENT_FAILED or CARD_NOT_ACCEPTED, detail the spec §8 words, retryable.', DeclineProblemSchema),
  422: problemContent('The Idempotency-Key was used for another charge.'),
};

export const token = createRoute({
  method: 'post',
  path: '/token',
  operationId: 'clientToken',
  description: "The browser passes it to the sandbox's hosted fields page (GET /sandbox/braintree/hosted-fields?origin=&clientToken=) or approval page; card data goes to the sandbox, never here.",
  tags: ['Braintree'],
  summary: 'A client token for the hosted card fields and the PayPal, Google Pay and Apple Pay approval pages',
  responses: { 200: jsonContent(ClientTokenAnswerSchema, 'The client token.'), ...errors, ...providerDown },
});

export const pay = createRoute({
  method: 'post',
  path: '/pay',
  operationId: 'charge',
  tags: ['Charges'],
  summary: 'Charge a one-time token or a saved instrument',
  description: 'Within the provider deadline (2500 ms). The same Idempotency-Key answers the same result and never charges twice.',
  request: { headers: IdempotencyHeaders, ...body(ChargeBodySchema, 'The charge (services/checkout/README.md ChargeRequest without the key).') },
  responses: { ...chargeAnswers, ...errors },
});

export const charges = createRoute({
  method: 'get',
  path: '/charges/{orderRef}',
  operationId: 'lookupCharge',
  description: "Reconciliation: the provider's own record by our reference, under the same deadline and circuit breaker as a charge. The local charge record follows a final answer.",
  tags: ['Charges'],
  summary: 'Ask the provider what happened to a charge (reconciliation)',
  request: { params: z.object({ orderRef: OrderRef }), query: z.object({ method: z.enum(PAYMENT_METHODS) }) },
  responses: { 200: jsonContent(LookupAnswerSchema, 'The provider\'s answer: succeeded, declined, none (never charged) or unknown (no answer).'), ...errors },
});

export const klarnaSession = createRoute({
  method: 'post',
  path: '/kn/sessions',
  operationId: 'klarnaSession',
  description: 'The shopper approves at approvalUrl (sandbox rules: customer@email.co.uk approved, customer+denied@email.co.uk declined, OTP 999999 fails); the page hands back an authorization token.',
  tags: ['Klarna'],
  summary: 'Start a Klarna session: client token and the approval page',
  request: body(KlarnaSessionBodySchema, 'The amount to approve.'),
  responses: {
    201: jsonContent(KlarnaSessionAnswerSchema, 'The session; open approvalUrl (add &origin=) for the shopper.'),
    ...errors,
    ...providerDown,
  },
});

export const klarnaPay = createRoute({
  method: 'post',
  path: '/kn/pay',
  operationId: 'klarnaPay',
  description: 'The same as POST /pay with method klarna and the authorization token. A token is single-use; a refused one is PAYMENT_FAILED with the paymentProblem words.',
  tags: ['Klarna'],
  summary: 'Create the Klarna order from the authorization token',
  request: { headers: IdempotencyHeaders, ...body(KlarnaPayBodySchema, 'The authorization token from the approval page.') },
  responses: { ...chargeAnswers, ...errors },
});

export const clearpayCheckout = createRoute({
  method: 'post',
  path: '/cp/checkouts',
  operationId: 'clearpayCheckout',
  description: 'Totals outside £1–£1000 are 400 PAYMENT_METHOD_UNAVAILABLE. Sandbox convention: an email with +declined is declined at capture, +pending stays pending (202) for a moment.',
  tags: ['Clearpay'],
  summary: 'Start a Clearpay checkout: token and the approval page',
  request: body(ClearpayCheckoutBodySchema, 'The amount (from £1 to £1000) and the shopper.'),
  responses: {
    201: jsonContent(ClearpayCheckoutAnswerSchema, 'The checkout; open approvalUrl (add &origin=).'),
    ...errors,
    ...providerDown,
  },
});

export const clearpayPay = createRoute({
  method: 'post',
  path: '/cp/pay',
  operationId: 'clearpayPay',
  description: 'The same as POST /pay with method clearpay and the checkout token. A pending capture answers 202 PAYMENT_PENDING; GET /charges/{orderRef}?method=clearpay tells the end.',
  tags: ['Clearpay'],
  summary: 'Capture the approved Clearpay checkout',
  request: { headers: IdempotencyHeaders, ...body(ClearpayPayBodySchema, 'The checkout token after approval.') },
  responses: { ...chargeAnswers, ...errors },
});

export const listInstruments = createRoute({
  method: 'get',
  path: '/payment/addon/paymentInstruments',
  operationId: 'paymentInstruments',
  description: "Only the provider's vault token is kept (never shown), with brand, last four digits and expiry. Another shopper's token lists nothing.",
  tags: ['Saved instruments'],
  summary: "The shopper's saved instruments (savedCard), the default first saved",
  request: { query: z.object({ customerToken: CustomerToken }) },
  responses: { 200: jsonContent(InstrumentListSchema, 'Oldest first.'), ...errors },
});

const InstrumentParams = z.object({ id: z.string().min(1).max(64) });

// --- spec §7: /ghost-token, /customer, /nonce, /bt/addon ------------------------------------------

export const ghostToken = createRoute({
  method: 'post',
  path: '/ghost-token',
  operationId: 'ghostClientToken',
  description:
    "A guest's client token: generated without a Braintree customer, so the browser can tokenise a new card or wallet with it but never list or use any vaulted instrument (the sandbox's client API answers no saved methods and refuses a vault token as unknown).",
  tags: ['Braintree'],
  summary: 'A client token for a guest (no customer, no access to saved instruments)',
  responses: { 200: jsonContent(z.object({ data: z.object({ clientToken: z.string(), guest: z.literal(true) }) }).openapi('GhostClientToken'), 'The guest client token.'), ...errors, ...providerDown },
});

export const CustomerBodySchema = z.strictObject({ customerToken: CustomerToken }).openapi('CustomerRequest');
export const CustomerAnswerSchema = z
  .object({
    data: z.object({
      provider: z.literal('braintree'),
      customerId: z.string().openapi({ description: "The shopper's Braintree customer id: the same for every call with the same customerToken." }),
      created: z.boolean().openapi({ description: 'True when this call created it at the provider.' }),
    }),
  })
  .openapi('ProviderCustomer');
export const customer = createRoute({
  method: 'post',
  path: '/customer',
  operationId: 'providerCustomer',
  description:
    "Idempotent: the id is ours, stored under the unique customer token before the provider is asked, so a repeat, a concurrent call or a retry after a lost answer gives the same customer (the provider's 'id already taken' is read as found). Another shopper's token gives that shopper's own, never this one's.",
  tags: ['Braintree'],
  summary: "Find or create the shopper's Braintree customer",
  request: body(CustomerBodySchema, 'The signed-in shopper.'),
  responses: { 200: jsonContent(CustomerAnswerSchema, 'Found (it existed).'), 201: jsonContent(CustomerAnswerSchema, 'Created at the provider now.'), ...errors, ...providerDown },
});

export const NonceBodySchema = z.strictObject({ customerToken: CustomerToken, instrumentId: z.string().min(1).max(64) }).openapi('VaultNonceRequest');
export const VaultNonceSchema = z
  .object({
    data: z.object({
      nonce: z.string().openapi({ description: 'Single-use: POST /pay charges it once; a second use is PAYMENT_FAILED (paymentProblem).' }),
      type: z.string().openapi({ description: 'credit_card, paypal_account, android_pay_card or apple_pay_card.' }),
      cardType: z.string().nullable(),
      last4: z.string().nullable(),
    }),
  })
  .openapi('VaultNonce');
export const nonce = createRoute({
  method: 'post',
  path: '/nonce',
  operationId: 'vaultNonce',
  description:
    "Braintree's PaymentMethodNonce.create from the vault token of one of the shopper's own saved instruments, e.g. for a 3-D Secure verification of the saved card in the browser. Another shopper's instrument is the same 404 as an unknown id (Z1).",
  tags: ['Braintree'],
  summary: 'A single-use payment method nonce for a saved instrument',
  request: body(NonceBodySchema, 'Whose, and which saved instrument.'),
  responses: {
    201: jsonContent(VaultNonceSchema, 'The nonce.'),
    404: problemContent("No such instrument for this shopper (the same for anyone else's, and for one the provider no longer holds)."),
    ...errors,
    ...providerDown,
  },
});

export const BRAINTREE_METHODS = ['credit_card', 'paypal', 'paypal_credit', 'google_pay', 'apple_pay'] as const;
export const AddonChargeBodySchema = z
  .strictObject({
    orderRef: OrderRef.openapi({ description: "Our reference for the add-on's own charge (the add-on order id); lookups find it by it.", example: 'ord_01J0000000000000000001' }),
    parentOrderRef: OrderRef.openapi({ description: 'The paid order whose vouchers the add-on extends; recorded on the charge.', example: 'ord_01J0000000000000000000' }),
    addonType: z.literal('VVE').openapi({ description: 'The voucher validity extension (the only add-on).' }),
    method: z.enum(BRAINTREE_METHODS).openapi({ description: 'Braintree only: card, PayPal, PayPal Credit, Google Pay or Apple Pay.' }),
    amount: Pence,
    currency: Currency,
    token: z.string().min(1).max(2048).nullable().openapi({ description: 'The one-time nonce; null with savedInstrumentId.' }),
    savedInstrumentId: z.string().min(1).max(64).nullable().default(null),
    saveInstrument: z.boolean().default(false),
    customerToken: CustomerToken.nullable().default(null),
    email: Email,
  })
  .openapi('AddonChargeRequest');
export const addonPay = createRoute({
  method: 'post',
  path: '/bt/addon',
  operationId: 'braintreeAddonCharge',
  description:
    "The charge of an order add-on (the VVE voucher validity extension) by Braintree, with the add-on type and the parent order recorded on the charge. The Idempotency-Key works as for POST /pay: the same key and body answer the first result without charging again; a key still being worked on is 409; the key with another body is 422.",
  tags: ['Charges'],
  summary: 'Charge an order add-on (VVE) by Braintree',
  request: { headers: IdempotencyHeaders, ...body(AddonChargeBodySchema, 'The add-on charge.') },
  responses: { ...chargeAnswers, 409: problemContent('A request with this Idempotency-Key is still being worked on: ask again shortly with the same key.'), ...errors },
});
export const patchInstrument = createRoute({
  method: 'patch',
  path: '/payment/addon/paymentInstruments/{id}',
  operationId: 'setDefaultPaymentInstrument',
  description: 'Exclusive: every other instrument of the shopper stops being the default, in one transaction.',
  tags: ['Saved instruments'],
  summary: 'Make an instrument the default (the only one)',
  request: { params: InstrumentParams, ...body(z.strictObject({ customerToken: CustomerToken, default: z.literal(true) }).openapi('SetDefaultInstrument'), 'Whose, and default: true.') },
  responses: { 200: jsonContent(InstrumentAnswerSchema, 'The instrument, now the default.'), 404: problemContent('No such instrument for this shopper (the same for anyone else\'s).'), ...errors },
});

export const deleteInstrument = createRoute({
  method: 'delete',
  path: '/payment/addon/paymentInstruments/{id}',
  operationId: 'deletePaymentInstrument',
  description: "Owner only; the same 404 for an unknown id and for anyone else's.",
  tags: ['Saved instruments'],
  summary: 'Forget a saved instrument (the oldest remaining one becomes the default)',
  request: { params: InstrumentParams, query: z.object({ customerToken: CustomerToken }) },
  responses: { 204: { description: 'Forgotten.' }, 404: problemContent('No such instrument for this shopper (the same for anyone else\'s).'), ...errors },
});

export const BraintreeWebhookBodySchema = z
  .strictObject({
    bt_signature: z.string().min(1).max(4096).openapi({ description: '`<public key>|<HMAC-SHA256 of bt_payload, hex>` (pairs joined by &).' }),
    bt_payload: z.string().min(1).max(16_384).openapi({ description: 'Base64 of the notification JSON: { kind, id, timestamp, subject: { transaction: { id, orderId, status, amount, … } } }.' }),
  })
  .openapi('BraintreeWebhook');
export const WebhookAnswerSchema = z
  .object({
    received: z.literal(true),
    eventId: z.string(),
    outcome: z.enum(['applied', 'stale', 'rejected', 'duplicate', 'ignored']).openapi({
      description: 'applied: the settlement moved; duplicate: this event was applied before; stale: an earlier state after a later one (no-op); rejected: an illegal transition (logged, no-op); ignored: a kind we do not handle.',
    }),
    settlementStatus: z.enum(['authorized', 'submitted_for_settlement', 'settling', 'settled', 'settlement_declined']).nullable(),
  })
  .openapi('WebhookAnswer');

export const braintreeWebhook = createRoute({
  method: 'post',
  path: '/webhooks/braintree',
  operationId: 'braintreeWebhook',
  tags: ['Webhooks'],
  summary: "Braintree's signed settlement notifications (the provider calls it)",
  description:
    'Not behind x-service-token: authenticated by the signature over the payload with the shared webhook secret. A forged signature, or a signed timestamp more than 5 minutes from now (a replayed old event), is 401 with nothing written. Each event id is applied once; the settlement of a transaction only moves forward (authorized → submitted_for_settlement → settling → settled | settlement_declined).',
  security: [],
  request: body(BraintreeWebhookBodySchema, 'The notification as Braintree posts it.'),
  responses: {
    200: jsonContent(WebhookAnswerSchema, 'Received (applied, a duplicate, stale, rejected or ignored): the provider stops sending it.'),
    ...commonErrors({
      400: 'Unreadable notification, naming the field.',
      401: 'Bad signature, or a timestamp outside the tolerance (replay): nothing was written.',
      413: 'Request body too large.',
      500: 'Unexpected failure; the body carries only code INTERNAL. The provider sends the event again.',
    }),
    404: problemContent('Webhooks are not configured on this server.'),
  },
});
