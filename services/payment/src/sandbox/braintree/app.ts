/**
 * A Braintree-like sandbox (reliability A2, D1), its own Hono app mounted at /sandbox/braintree.
 *
 * Browser side: POST /client_token (through our payment service's POST /token), the hosted
 * fields page GET /hosted-fields?origin= (an iframe; its script /hosted-fields.js tokenises by
 * POSTing to /tokenize here and hands a one-time nonce to the parent with postMessage), and the
 * PayPal / Google Pay / Apple Pay approval page GET /approve?method=&origin=.
 * Server side (our adapter): POST /transactions (sale, Idempotency-Key), GET /transactions?orderId=
 * (search), GET /payment_method_nonces/{nonce} (details without using it), POST /payment_method_nonces
 * (a single-use nonce from a vault token: PaymentMethodNonce.create), POST /customers and
 * GET /customers/{id} (Customer.create / find; an id taken is validation error 91609),
 * GET /transactions/{id} (Transaction.find, a sale with its refundIds), POST /transactions/{id}/void
 * (whole, before settlement) and POST /transactions/{id}/refund (a settled sale: `amount` or the
 * rest, one credit per call, `orderId` names the credit; 91521 too large, 91512 nothing left,
 * 91506 not settled; no idempotency key, as Braintree has none on refunds).
 * Client API (the browser, with a client token): POST /client_api/v1/payment_methods lists the
 * client token's customer's vaulted methods and .../payment_methods/{token}/nonces makes a nonce
 * from one of them; a client token without a customer (a guest's) sees and uses none.
 * Tests: `sandbox.transactions()`, `sandbox.captures(orderId)`, `sandbox.refunds(saleId)`,
 * `sandbox.settle(saleId)` (Braintree's testing settle), `sandbox.faults`.
 *
 * The card number is never kept: a nonce remembers the brand, the last four digits, the expiry and
 * what the test card does.
 */
import { isRefusedCardBrand } from '@shop/domain/payment-availability';
import type { Context, Hono } from 'hono';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { APPROVAL_SCRIPT, approvalForm, checkedTargetOrigin, decimalToPence, escapeHtml, fromLoopback, openSandbox, penceToDecimal, randomId, sandboxPage, script, stylesheet, withFault, type FaultControl, type SandboxOptions } from '../common.ts';
import { HOSTED_FIELDS_SCRIPT } from './hosted-fields-script.ts';
import { WebhookEmitter, type WebhookKind, type WebhookTransaction } from './webhooks.ts';
import {
  amountOutcome,
  cardTypeOf,
  CVV_NO_MATCH,
  FAILS_VERIFICATION,
  FRAUD_CARD,
  luhnValid,
  POSTAL_CODE_NO_MATCH,
  processorText,
  settlementOutcome,
  STATIC_NONCES,
  THREE_DS_FAILED,
  THREE_DS_UNAVAILABLE,
  type InstrumentKind,
  type MethodBehaviour,
} from './values.ts';

export type BraintreeTransactionStatus = 'submitted_for_settlement' | 'settling' | 'settled' | 'settlement_declined' | 'processor_declined' | 'failed' | 'gateway_rejected' | 'voided';
/** A sale that took the money (it may have settled, or been declined at settlement, since). */
const CAPTURED: readonly BraintreeTransactionStatus[] = ['submitted_for_settlement', 'settling', 'settled', 'settlement_declined'];
export type BraintreeTransaction = {
  id: string;
  orderId: string;
  amount: string;
  amountPence: number;
  currencyIsoCode: 'GBP';
  status: BraintreeTransactionStatus;
  processorResponseCode: string;
  processorResponseText: string;
  gatewayRejectionReason: string | null;
  paymentInstrumentType: InstrumentKind;
  creditCard: { cardType: string | null; last4: string | null; expirationMonth: number | null; expirationYear: number | null };
  threeDSecureInfo: { status: string; liabilityShifted: boolean; liabilityShiftPossible: boolean } | null;
  /** The vault token when the sale asked to store the method and succeeded. */
  paymentMethodToken: string | null;
  /** Set at settlement: '4001' and its text for a settlement declined (A2.1). */
  processorSettlementResponseCode: string;
  processorSettlementResponseText: string;
  createdAt: string;
  /** 'credit' for a refund (its refundedTransactionId the sale); a sale otherwise. */
  type?: 'sale' | 'credit';
  refundedTransactionId?: string | null;
  /** A sale's first refund (kept for readers of older records; refundIds has them all). */
  refundId?: string | null;
  /** A sale's refunds (Transaction.refund, one credit each), oldest first. */
  refundIds?: string[];
};

export interface BraintreeSandbox {
  app: Hono;
  faults: FaultControl;
  /** Every transaction the sandbox recorded, oldest first (captures and declines). */
  transactions(): BraintreeTransaction[];
  /** Successful captures (submitted for settlement, settled or declined at settlement since) for an order reference. */
  captures(orderId: string): BraintreeTransaction[];
  /** Captures of an order reference given back since: voided before settlement or refunded in full after. */
  reversals(orderId: string): BraintreeTransaction[];
  /** The refunds (credit transactions) of a sale, oldest first. */
  refunds(saleId: string): BraintreeTransaction[];
  /** Settles a captured sale now, as Braintree's testing settle call does (tests); null for no such sale. */
  settle(saleId: string): BraintreeTransaction | null;
  /**
   * Webhook notifications (P6): `configure({ url, secret, settleAfterMs })` turns settlement on
   * (each captured sale settles `settleAfterMs` later, £4001.xx card/PayPal sales are declined at
   * settlement) with signed notifications POSTed to `url`; `sent()` is the delivery log,
   * `replay(eventId)` sends an old one again, `settled()` waits for what is scheduled.
   */
  webhooks: Pick<WebhookEmitter, 'configure' | 'sent' | 'replay' | 'settled' | 'stop' | 'enabled'>;
  /** A fresh single-use card nonce, as the hosted fields would give (tests). */
  tokenizeCard(card: { number: string; expirationDate: string; cvv: string; postalCode: string }): { nonce: string } | { errors: Array<{ field: string; message: string }> };
  /** Resolves once the stored state (options.db) is loaded; requests wait for it themselves. */
  ready: Promise<void>;
}

type Json = Record<string, unknown>;
const DUPLICATE_WINDOW_MS = 30_000;
const NONCE_TTL_MS = 3 * 60 * 60 * 1000;
const CLIENT_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
const APPROVAL_METHODS: Record<string, { kind: InstrumentKind; heading: string; cardType: string | null; last4: string | null }> = {
  paypal: { kind: 'paypal_account', heading: 'PayPal (sandbox)', cardType: null, last4: null },
  paypal_credit: { kind: 'paypal_account', heading: 'PayPal Credit (sandbox)', cardType: null, last4: null },
  google_pay: { kind: 'android_pay_card', heading: 'Google Pay (sandbox)', cardType: 'Visa', last4: '1881' },
  apple_pay: { kind: 'apple_pay_card', heading: 'Apple Pay (sandbox)', cardType: 'Visa', last4: '1881' },
};

export function createBraintreeSandbox(options: SandboxOptions = {}): BraintreeSandbox {
  type ClientTokenGrant = { expiresAt: number; customerId: string | null };
  type NonceRecord = MethodBehaviour & { consumed: boolean; expiresAt: number };
  type VaultRecord = MethodBehaviour & { customerId?: string | null };
  type CustomerRecord = { id: string; email: string | null; createdAt: string };
  const clientTokens = new Map<string, ClientTokenGrant>(); // by fingerprint
  const nonces = new Map<string, NonceRecord>();
  const vault = new Map<string, VaultRecord>();
  const customers = new Map<string, CustomerRecord>();
  const log: BraintreeTransaction[] = [];
  type StoredTx = BraintreeTransaction & { fingerprint?: string };
  const { now, faults, state, idempotency, allowed, ready, app, auth } = openSandbox('braintree', options, {
    tx: (_id, data) => {
      const tx = data as StoredTx;
      // Records written before partial refunds had one refundId.
      if (tx.type !== 'credit' && !Array.isArray(tx.refundIds)) tx.refundIds = tx.refundId ? [tx.refundId] : [];
      log.push(tx);
    },
    nonce: (id, data) => nonces.set(id, data as NonceRecord),
    vault: (id, data) => vault.set(id, data as VaultRecord),
    customer: (id, data) => customers.set(id, data as CustomerRecord),
    client_token: (id, data) => clientTokens.set(id, data as ClientTokenGrant),
  });
  const webhooks = new WebhookEmitter(faults, now);

  if (faults.enabled) {
    // Test builds (loopback only): what the sandbox's webhooks sent, and a replay of an old one.
    app.get('/__webhooks', (c) => (fromLoopback(c) ? c.json({ deliveries: webhooks.sent() }) : c.json({ error: 'loopback only' }, 403)));
    app.post('/__webhooks/replay', async (c) => {
      if (!fromLoopback(c)) return c.json({ error: 'loopback only' }, 403);
      const input = (await c.req.json().catch(() => null)) as { eventId?: unknown } | null;
      if (typeof input?.eventId !== 'string') return c.json({ error: 'eventId is required' }, 400);
      try {
        return c.json({ status: await webhooks.replay(input.eventId) });
      } catch {
        return c.json({ error: 'no such notification' }, 404);
      }
    });
  }
  app.use('/client_token', auth);
  app.use('/payment_method_nonces', auth);
  app.use('/payment_method_nonces/*', auth);
  app.use('/customers', auth);
  app.use('/customers/*', auth);
  app.use('/transactions', auth);
  app.use('/transactions/*', auth);

  // --- browser side -------------------------------------------------------------------------

  const newClientToken = (customerId: string | null = null) => {
    const fingerprint = randomId('fp_', 16);
    const grant = { expiresAt: now().getTime() + CLIENT_TOKEN_TTL_MS, customerId };
    clientTokens.set(fingerprint, grant);
    state.put('client_token', fingerprint, grant);
    return Buffer.from(JSON.stringify({ version: 2, authorizationFingerprint: fingerprint, environment: 'sandbox' })).toString('base64');
  };
  /** The client token's grant (its customer, null for a guest's), or null when it is not a live one. */
  const clientTokenGrant = (token: unknown): { customerId: string | null } | null => {
    if (typeof token !== 'string' || token.length > 1000) return null;
    try {
      const parsed = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as { authorizationFingerprint?: string };
      const grant = clientTokens.get(parsed.authorizationFingerprint ?? '');
      return grant && grant.expiresAt > now().getTime() ? { customerId: grant.customerId } : null;
    } catch {
      return null;
    }
  };
  const clientTokenValid = (token: unknown): boolean => clientTokenGrant(token) !== null;
  const issueNonce = (behaviour: MethodBehaviour) => {
    const nonce = `tokencc_${randomId('', 12)}`;
    const issued = { ...behaviour, consumed: false, expiresAt: now().getTime() + NONCE_TTL_MS };
    nonces.set(nonce, issued);
    state.put('nonce', nonce, issued);
    return nonce;
  };

  function tokenizeCard(input: Json): { nonce: string; details: Json } | { errors: Array<{ field: string; message: string }> } {
    const errors: Array<{ field: string; message: string }> = [];
    const number = typeof input.number === 'string' ? input.number.replace(/[\s-]/g, '') : '';
    const cardType = cardTypeOf(number);
    if (!luhnValid(number) || !cardType) errors.push({ field: 'number', message: BUYING_MESSAGES.incorrectCardNumber });
    const expiry = typeof input.expirationDate === 'string' ? /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(input.expirationDate.trim()) : null;
    const month = expiry ? Number(expiry[1]) : NaN;
    const year = expiry ? (expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2])) : NaN;
    if (!expiry || month < 1 || month > 12) errors.push({ field: 'expirationDate', message: BUYING_MESSAGES.incorrectExpiry });
    const cvv = typeof input.cvv === 'string' ? input.cvv.trim() : '';
    if (!/^\d{3,4}$/.test(cvv)) errors.push({ field: 'cvv', message: cardType === 'American Express' ? BUYING_MESSAGES.incorrectSecurityCode : BUYING_MESSAGES.incorrectCvv });
    const postalCode = typeof input.postalCode === 'string' ? input.postalCode.trim() : '';
    if (postalCode.length < 2 || postalCode.length > 10) errors.push({ field: 'postalCode', message: BUYING_MESSAGES.incorrectBillingAddress });
    if (errors.length) return { errors };
    const today = now();
    const expired = year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1);
    const behaviour: MethodBehaviour = {
      kind: 'credit_card',
      cardType,
      last4: number.slice(-4),
      expirationMonth: month,
      expirationYear: year,
      expired,
      cvv,
      postalCode,
      failsVerification: FAILS_VERIFICATION.has(number),
      gatewayRejected: number === FRAUD_CARD ? 'fraud' : undefined,
    };
    const nonce = issueNonce(behaviour);
    return { nonce, details: { cardType, lastFour: behaviour.last4, expirationMonth: month, expirationYear: year } };
  }

  // ClientToken.generate: with a customerId the browser may use that customer's vaulted methods;
  // without one (a guest's) none.
  app.post('/client_token', async (c) => {
    const input = (await c.req.json().catch(() => ({}))) as Json | null;
    const customerId = input && typeof input.customerId === 'string' ? input.customerId : null;
    if (customerId !== null && !customers.has(customerId)) return c.json({ errors: [{ code: '91613', attribute: 'customer_id', message: 'Customer specified by customer_id does not exist.' }] }, 422);
    return c.json({ clientToken: newClientToken(customerId) });
  });

  // The client API: what a client token may see of the vault (Drop-in's saved methods).
  const vaultedOf = (customerId: string | null) =>
    customerId === null ? [] : [...vault.entries()].filter(([, m]) => m.customerId === customerId).map(([token, m]) => ({ token, type: m.kind, details: { cardType: m.cardType, lastFour: m.last4 } }));
  app.post('/client_api/v1/payment_methods', async (c) => {
    const input = (await c.req.json().catch(() => null)) as Json | null;
    const grant = clientTokenGrant(input?.clientToken);
    if (!grant) return c.json({ errors: [{ field: 'clientToken', message: 'Authorisation expired. Please reload the page.' }] }, 401);
    return c.json({ paymentMethods: vaultedOf(grant.customerId) });
  });
  app.post('/client_api/v1/payment_methods/:token/nonces', async (c) => {
    const input = (await c.req.json().catch(() => null)) as Json | null;
    const grant = clientTokenGrant(input?.clientToken);
    if (!grant) return c.json({ errors: [{ field: 'clientToken', message: 'Authorisation expired. Please reload the page.' }] }, 401);
    const stored = vault.get(c.req.param('token'));
    // Another customer's method, or any for a guest: the same answer as a token that does not exist.
    if (!stored || grant.customerId === null || stored.customerId !== grant.customerId) return c.json({ errors: [{ code: '91518', attribute: 'payment_method_token', message: 'Payment method token is invalid.' }] }, 404);
    return c.json({ paymentMethodNonce: { nonce: issueNonce(stored), type: stored.kind, details: { cardType: stored.cardType, lastFour: stored.last4 } } }, 201);
  });

  app.get('/hosted-fields', (c) => {
    const origin = checkedTargetOrigin(c, allowed);
    if (!origin) return c.text('origin is not allowed', 400);
    const clientToken = c.req.query('clientToken') ?? '';
    const field = (name: string, label: string, autocomplete: string, inputmode = 'numeric') =>
      `<p><label for="${name}">${escapeHtml(label)}</label><input id="${name}" name="${name}" autocomplete="${autocomplete}" inputmode="${inputmode}" required><span class="field-error" id="${name}-error" role="alert"></span></p>`;
    const body = `<main>
<form id="hosted-fields" action="tokenize" method="post" data-origin="${escapeHtml(origin)}" data-client-token="${escapeHtml(clientToken)}" novalidate>
${field('number', 'Card number', 'cc-number')}
${field('expirationDate', 'Expiry date (MM/YY)', 'cc-exp')}
${field('cvv', 'Security code (CVV)', 'cc-csc')}
${field('postalCode', 'Billing postcode', 'postal-code', 'text')}
</form>
<p id="hosted-fields-message" role="status" aria-live="polite"></p>
</main>`;
    return sandboxPage(c, { title: 'Card details', body, script: 'hosted-fields.js', frameAncestors: allowed });
  });
  app.get('/hosted-fields.js', (c) => script(c, HOSTED_FIELDS_SCRIPT));
  app.get('/approval.js', (c) => script(c, APPROVAL_SCRIPT));
  app.get('/sandbox.css', (c) => stylesheet(c));

  app.post('/tokenize', async (c) => {
    const input = (await c.req.json().catch(() => null)) as Json | null;
    if (!input || typeof input !== 'object') return c.json({ errors: [{ field: 'body', message: 'The request could not be read.' }] }, 400);
    if (!clientTokenValid(input.clientToken)) return c.json({ errors: [{ field: 'clientToken', message: 'Authorisation expired. Please reload the page.' }] }, 401);
    const result = tokenizeCard(input);
    if ('errors' in result) return c.json(result, 422);
    return c.json(result, 201);
  });

  // PayPal, PayPal Credit, Google Pay and Apple Pay: the provider's own approval step, here a page.
  app.get('/approve', (c) => {
    const origin = checkedTargetOrigin(c, allowed);
    const method = APPROVAL_METHODS[c.req.query('method') ?? ''];
    if (!origin || !method) return c.text('origin or method is not allowed', 400);
    const body = approvalForm({
      action: 'approve',
      origin,
      messageType: 'braintree-sandbox:nonce',
      heading: method.heading,
      note: 'Sandbox: approving gives a one-time payment nonce. No money moves.',
      fields: `<input type="hidden" name="method" value="${escapeHtml(c.req.query('method')!)}"><input type="hidden" name="clientToken" value="${escapeHtml(c.req.query('clientToken') ?? '')}">`,
      button: 'Approve',
    });
    return sandboxPage(c, { title: method.heading, body, script: 'approval.js', frameAncestors: allowed });
  });
  app.post('/approve', async (c) => {
    const input = (await c.req.json().catch(() => null)) as Json | null;
    const method = APPROVAL_METHODS[String(input?.method ?? '')];
    if (!input || !method) return c.json({ errors: [{ field: 'method', message: 'Unknown payment method.' }] }, 400);
    if (!clientTokenValid(input.clientToken)) return c.json({ errors: [{ field: 'clientToken', message: 'Authorisation expired. Please reload the page.' }] }, 401);
    const nonce = issueNonce({ kind: method.kind, cardType: method.cardType, last4: method.last4, expirationMonth: method.cardType ? 12 : null, expirationYear: method.cardType ? 2030 : null });
    return c.json({ nonce, details: { method: input.method, cardType: method.cardType, lastFour: method.last4 } }, 201);
  });

  // --- server side --------------------------------------------------------------------------

  const resolveNonce = (nonce: string): MethodBehaviour | { error: { code: string; attribute: string; message: string } } => {
    const fixed = STATIC_NONCES[nonce];
    if (fixed) return fixed.alwaysConsumed ? { error: consumedError } : fixed;
    const issued = nonces.get(nonce);
    if (!issued || issued.expiresAt <= now().getTime()) return { error: { code: '91565', attribute: 'payment_method_nonce', message: 'Unknown or expired payment_method_nonce.' } };
    if (issued.consumed) return { error: consumedError };
    return issued;
  };
  const consumedError = { code: '93107', attribute: 'payment_method_nonce', message: 'Cannot use a payment_method_nonce more than once.' };

  // PaymentMethodNonce.create(token): a fresh single-use nonce for a vaulted method (e.g. for a
  // 3-D Secure verification of a saved card in the browser).
  app.post('/payment_method_nonces', async (c) => {
    const input = (await c.req.json().catch(() => null)) as Json | null;
    const token = typeof input?.paymentMethodToken === 'string' ? input.paymentMethodToken : '';
    const stored = vault.get(token);
    if (!stored) return c.json({ errors: [{ code: '91518', attribute: 'payment_method_token', message: 'Payment method token is invalid.' }] }, 404);
    return withFault(
      c,
      faults,
      'nonce',
      () => ({ nonce: issueNonce(stored), type: stored.kind, details: { cardType: stored.cardType, lastFour: stored.last4 } }),
      (created) => c.json({ paymentMethodNonce: created }, 201),
    );
  });

  // Customer.create / Customer.find. The merchant may choose the id (up to 36 of A–Z a–z 0–9 _ -).
  app.post('/customers', async (c) => {
    const input = (await c.req.json().catch(() => null)) as Json | null;
    if (!input || typeof input !== 'object' || Array.isArray(input)) return c.json({ errors: [{ code: '91500', attribute: 'body', message: 'Invalid JSON.' }] }, 400);
    const id = input.id === undefined ? randomId('', 9) : input.id;
    if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{1,36}$/.test(id)) return c.json({ errors: [{ code: '91610', attribute: 'id', message: 'Customer ID is invalid.' }] }, 422);
    return withFault(
      c,
      faults,
      'customer',
      () => {
        if (customers.has(id)) return null;
        const customer = { id, email: typeof input.email === 'string' ? input.email : null, createdAt: now().toISOString() };
        customers.set(id, customer);
        state.put('customer', id, customer);
        return customer;
      },
      (customer) => (customer ? c.json({ customer: { ...customer, paymentMethods: [] } }, 201) : c.json({ errors: [{ code: '91609', attribute: 'id', message: 'Customer ID has already been taken.' }] }, 422)),
    );
  });
  app.get('/customers/:id', (c) => {
    const customer = customers.get(c.req.param('id'));
    if (!customer) return c.json({ errors: [{ code: 'not_found', message: 'Customer not found.' }] }, 404);
    return c.json({ customer: { ...customer, paymentMethods: vaultedOf(customer.id) } });
  });

  app.get('/payment_method_nonces/:nonce', (c) => {
    const found = resolveNonce(c.req.param('nonce'));
    if ('error' in found) return c.json({ errors: [found.error] }, 404);
    return c.json({ nonce: c.req.param('nonce'), type: found.kind, details: { cardType: found.cardType, lastFour: found.last4 } });
  });

  type SaleAnswer = { status: number; body: Json };
  const validation = (error: { code: string; attribute: string; message: string }): SaleAnswer => ({ status: 422, body: { success: false, errors: [error] } });

  function sale(input: Json, keyed: boolean): SaleAnswer {
    const amountPence = decimalToPence(input.amount);
    if (amountPence === null || amountPence <= 0) return validation({ code: '81503', attribute: 'amount', message: 'Amount is an invalid format.' });
    const orderId = typeof input.orderId === 'string' && input.orderId.length > 0 && input.orderId.length <= 255 ? input.orderId : null;
    if (!orderId) return validation({ code: '91501', attribute: 'order_id', message: 'Order ID is required.' });
    const options = (input.options ?? {}) as { storeInVaultOnSuccess?: boolean };

    let method: MethodBehaviour;
    let fingerprint: string;
    if (typeof input.paymentMethodToken === 'string') {
      const stored = vault.get(input.paymentMethodToken);
      if (!stored) return validation({ code: '91518', attribute: 'payment_method_token', message: 'Payment method token is invalid.' });
      method = stored;
      fingerprint = `token:${input.paymentMethodToken}`;
    } else if (typeof input.paymentMethodNonce === 'string') {
      const found = resolveNonce(input.paymentMethodNonce);
      if ('error' in found) return validation(found.error);
      if (found.validationError) return validation(found.validationError);
      const issued = nonces.get(input.paymentMethodNonce);
      if (issued) {
        issued.consumed = true; // single use, whatever the outcome
        state.put('nonce', input.paymentMethodNonce, issued);
      }
      method = found;
      fingerprint = `${found.kind}:${found.cardType}:${found.last4}`;
    } else {
      return validation({ code: '91508', attribute: 'payment_method_nonce', message: 'Cannot determine payment method.' });
    }
    // The shop's merchant account does not accept American Express or Diners (spec §5): Braintree
    // answers such a sale with validation error 81703 and makes no transaction.
    if (method.cardType && isRefusedCardBrand(method.cardType)) {
      return validation({ code: '81703', attribute: 'number', message: 'Credit card type is not accepted by this merchant account.' });
    }

    const at = now();
    const record = (status: BraintreeTransactionStatus, fields: Partial<BraintreeTransaction> = {}): BraintreeTransaction => {
      const tx: BraintreeTransaction = {
        id: randomId('', 4),
        orderId,
        amount: penceToDecimal(amountPence),
        amountPence,
        currencyIsoCode: 'GBP',
        status,
        processorResponseCode: status === 'submitted_for_settlement' ? '1000' : '',
        processorResponseText: status === 'submitted_for_settlement' ? 'Approved' : '',
        gatewayRejectionReason: null,
        paymentInstrumentType: method.kind,
        creditCard: { cardType: method.cardType, last4: method.last4, expirationMonth: method.expirationMonth, expirationYear: method.expirationYear },
        threeDSecureInfo: method.threeDSecure ?? null,
        paymentMethodToken: null,
        processorSettlementResponseCode: '',
        processorSettlementResponseText: '',
        createdAt: at.toISOString(),
        ...fields,
      };
      (tx as StoredTx).fingerprint = fingerprint;
      log.push(tx);
      state.put('tx', tx.id, tx);
      return tx;
    };
    const answer = (tx: BraintreeTransaction): SaleAnswer => {
      const { fingerprint: _omit, ...shown } = tx as BraintreeTransaction & { fingerprint?: string };
      return { status: 200, body: { success: tx.status === 'submitted_for_settlement', transaction: shown } };
    };
    const declined = (code: string) => answer(record('processor_declined', { processorResponseCode: code, processorResponseText: processorText(code) }));
    const rejected = (reason: string) => answer(record('gateway_rejected', { gatewayRejectionReason: reason }));

    // Braintree's duplicate checking (A1): only requests without an idempotency key reach it.
    if (!keyed) {
      const duplicate = log.some(
        (tx) =>
          tx.orderId === orderId &&
          tx.amountPence === amountPence &&
          (tx as BraintreeTransaction & { fingerprint?: string }).fingerprint === fingerprint &&
          CAPTURED.includes(tx.status) &&
          at.getTime() - Date.parse(tx.createdAt) < DUPLICATE_WINDOW_MS,
      );
      if (duplicate) return rejected('duplicate');
    }
    if (method.gatewayRejected) return rejected(method.gatewayRejected);
    if (method.threeDSecure && ((THREE_DS_FAILED as readonly string[]).includes(method.threeDSecure.status) || (THREE_DS_UNAVAILABLE as readonly string[]).includes(method.threeDSecure.status))) {
      return rejected('three_d_secure');
    }
    if (method.processorFailure) return answer(record('failed', { processorResponseCode: '3000', processorResponseText: processorText('3000') }));
    if (method.processorDeclined) return declined(method.processorDeclined);
    // The sandbox merchant has AVS and CVV rules on (A2.4).
    const cvvBad = method.cvv === CVV_NO_MATCH;
    const avsBad = method.postalCode === POSTAL_CODE_NO_MATCH;
    if (cvvBad || avsBad) return rejected(cvvBad && avsBad ? 'avs_and_cvv' : cvvBad ? 'cvv' : 'avs');
    if (method.expired) return declined('2004');
    if (options.storeInVaultOnSuccess && method.failsVerification) {
      // Vaulting verifies the card first; these cards fail it (no transaction is made).
      return { status: 200, body: { success: false, verification: { status: 'processor_declined', processorResponseCode: '2000', processorResponseText: processorText('2000') } } };
    }
    const band = amountOutcome(amountPence, method.kind);
    if (band.kind === 'processor_declined') return declined(band.code);
    if (band.kind === 'failed') return answer(record('failed', { processorResponseCode: '3000', processorResponseText: processorText('3000') }));
    if (band.kind === 'gateway_rejected') return rejected(band.reason);
    let paymentMethodToken: string | null = null;
    if (options.storeInVaultOnSuccess) {
      paymentMethodToken = randomId('vt_', 8);
      const { cvv: _cvv, ...kept } = method;
      const customerId = typeof input.customerId === 'string' && customers.has(input.customerId) ? input.customerId : null;
      const vaulted = { ...kept, cvv: null, alwaysConsumed: false, customerId };
      vault.set(paymentMethodToken, vaulted);
      state.put('vault', paymentMethodToken, vaulted);
    }
    const captured = record('submitted_for_settlement', { paymentMethodToken });
    scheduleSettlement(captured);
    return answer(captured);
  }

  // --- settlement and its webhook notifications (P6) ------------------------------------------

  const subject = (tx: BraintreeTransaction): WebhookTransaction => ({
    id: tx.id,
    orderId: tx.orderId,
    status: tx.status,
    amount: tx.amount,
    currencyIsoCode: tx.currencyIsoCode,
    processorSettlementResponseCode: tx.processorSettlementResponseCode,
    processorSettlementResponseText: tx.processorSettlementResponseText,
  });

  /** Authorised now (notified at once), settled or declined at settlement `settleAfterMs` later. */
  function scheduleSettlement(tx: BraintreeTransaction): void {
    if (!webhooks.enabled) return;
    const fault = webhooks.takeFault();
    const authorized = webhooks.notification('transaction_authorized', { ...subject(tx), status: 'authorized' });
    // Reorder: the authorisation's notification is held back until the settlement's was delivered.
    const notifyAuthorized = webhooks.notifyAuthorized;
    if (notifyAuthorized && fault?.mode !== 'webhook-reorder') webhooks.later(0, () => webhooks.deliver(authorized, fault));
    webhooks.later(webhooks.settleAfterMs, async () => {
      // Voided meanwhile: nothing to settle.
      if (tx.status !== 'submitted_for_settlement' && tx.status !== 'settling') return;
      const outcome = settlementOutcome(tx.amountPence, tx.paymentInstrumentType);
      let kind: WebhookKind = 'transaction_settled';
      if (outcome.kind === 'settlement_declined') {
        tx.status = 'settlement_declined';
        tx.processorSettlementResponseCode = outcome.code;
        tx.processorSettlementResponseText = 'Settlement Declined';
        kind = 'transaction_settlement_declined';
      } else {
        tx.status = 'settled';
        tx.processorSettlementResponseCode = '4000';
        tx.processorSettlementResponseText = 'Settled';
      }
      state.put('tx', tx.id, tx);
      await state.flush().catch(() => undefined); // kept in memory; written with the next change
      if (kind === 'transaction_settled' && !webhooks.notifySettled) return;
      await webhooks.deliver(webhooks.notification(kind, subject(tx)), fault);
      if (notifyAuthorized && fault?.mode === 'webhook-reorder') await webhooks.deliver(authorized, null);
    });
  }

  app.post('/transactions', async (c: Context) => {
    const input = (await c.req.json().catch(() => null)) as Json | null;
    if (!input || typeof input !== 'object' || Array.isArray(input)) return c.json({ success: false, errors: [{ code: '91500', attribute: 'body', message: 'Invalid JSON.' }] }, 400);
    const key = c.req.header('idempotency-key') || undefined;
    return idempotency.commit(c, key, input, faults, 'sale', () => sale(input, key !== undefined));
  });

  app.get('/transactions', async (c) => {
    const orderId = c.req.query('orderId');
    if (!orderId) return c.json({ errors: [{ code: '91501', attribute: 'order_id', message: 'orderId is required.' }] }, 400);
    return withFault(
      c,
      faults,
      'search',
      () => log.filter((tx) => tx.orderId === orderId).map(({ ...tx }) => {
        delete (tx as { fingerprint?: string }).fingerprint;
        return tx;
      }),
      (found) => c.json({ transactions: found }),
    );
  });

  // Transaction.find.
  app.get('/transactions/:id', (c) => {
    const tx = log.find((t) => t.id === c.req.param('id'));
    if (!tx) return c.json({ errors: [{ code: 'not_found', message: 'Transaction not found.' }] }, 404);
    return withFault(c, faults, 'search', () => shown(tx), (found) => c.json({ transaction: found }));
  });

  // Transaction.void: a capture not settled yet, whole only. Idempotent by the transaction: a
  // second void changes nothing and answers the voided transaction.
  const findSale = (id: string) => log.find((tx) => tx.id === id && tx.type !== 'credit');
  app.post('/transactions/:id/void', (c) =>
    withFault(
      c,
      faults,
      'void',
      async () => {
        const tx = findSale(c.req.param('id'));
        if (!tx) return { status: 404, body: { errors: [{ code: 'not_found', message: 'Transaction not found.' }] } as Json };
        if (tx.status === 'voided') return { status: 200, body: { success: true, transaction: shown(tx) } as Json };
        if (tx.status !== 'submitted_for_settlement' && tx.status !== 'settling') {
          return { status: 422, body: { success: false, errors: [{ code: '91504', attribute: 'base', message: 'Transaction can only be voided if status is authorized, submitted_for_settlement, or - for PayPal - settlement_pending.' }] } as Json };
        }
        tx.status = 'voided';
        state.put('tx', tx.id, tx);
        await state.flush();
        return { status: 200, body: { success: true, transaction: shown(tx) } as Json };
      },
      (r) => c.json(r.body, r.status as 200),
    ),
  );

  // Transaction.refund (a settled or settling sale): `amount` (decimal string, optional: the rest
  // when absent) makes one credit transaction per call; partial refunds until their sum reaches
  // the sale's amount (more: 91521; nothing left: 91512). `orderId` (optional) names the credit:
  // Braintree has no idempotency key on refunds, so a merchant finds a refund whose answer was
  // lost by searching its orderId. Not idempotent: each call that succeeds is a new credit.
  const refusal = (code: string, attribute: string, message: string) => ({ status: 422, body: { success: false, errors: [{ code, attribute, message }] } as Json });
  const refundedPence = (sale: BraintreeTransaction) => (sale.refundIds ?? []).reduce((sum, id) => sum + (log.find((t) => t.id === id)?.amountPence ?? 0), 0);
  app.post('/transactions/:id/refund', async (c) => {
    const text = await c.req.text().catch(() => '');
    let input: Json = {};
    try {
      const parsed = text.trim() ? (JSON.parse(text) as unknown) : {};
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      input = parsed as Json;
    } catch {
      return c.json({ success: false, errors: [{ code: '91500', attribute: 'body', message: 'Invalid JSON.' }] }, 400);
    }
    return withFault(
      c,
      faults,
      'refund',
      async () => {
        const id = c.req.param('id');
        const tx = findSale(id);
        if (!tx) {
          if (log.some((t) => t.id === id)) return refusal('91505', 'base', 'Cannot refund a credit.');
          return { status: 404, body: { errors: [{ code: 'not_found', message: 'Transaction not found.' }] } as Json };
        }
        if (tx.status !== 'settled' && tx.status !== 'settling') return refusal('91506', 'base', 'Cannot refund a transaction unless it is settled.');
        const rest = tx.amountPence - refundedPence(tx);
        if (rest <= 0) return refusal('91512', 'base', 'Transaction has already been fully refunded.');
        let amountPence = rest;
        if (input.amount !== undefined && input.amount !== null) {
          const asked = decimalToPence(input.amount);
          if (asked === null) return refusal('81503', 'amount', 'Amount is an invalid format.');
          if (asked <= 0) return refusal('81531', 'amount', 'Amount must be greater than zero.');
          if (asked > rest) return refusal('91521', 'amount', 'Refund amount is too large.');
          amountPence = asked;
        }
        if (input.orderId !== undefined && (typeof input.orderId !== 'string' || input.orderId.length > 255)) return refusal('91501', 'order_id', 'Order ID is too long.');
        const { fingerprint: _f, ...sale } = tx as StoredTx;
        const credit: BraintreeTransaction = {
          ...sale,
          id: randomId('', 4),
          type: 'credit',
          orderId: typeof input.orderId === 'string' && input.orderId ? input.orderId : tx.orderId,
          amount: penceToDecimal(amountPence),
          amountPence,
          refundedTransactionId: tx.id,
          refundId: null,
          refundIds: [],
          status: 'submitted_for_settlement',
          processorResponseCode: '1002',
          processorResponseText: 'Processed',
          processorSettlementResponseCode: '',
          processorSettlementResponseText: '',
          paymentMethodToken: null,
          createdAt: now().toISOString(),
        };
        log.push(credit);
        tx.refundIds = [...(tx.refundIds ?? []), credit.id];
        tx.refundId ??= credit.id;
        state.put('tx', credit.id, credit);
        state.put('tx', tx.id, tx);
        await state.flush();
        return { status: 200, body: { success: true, transaction: credit } as Json };
      },
      (r) => c.json(r.body, r.status as 200),
    );
  });

  /** A transaction as the API shows it (without the sandbox's own duplicate-check fingerprint). */
  function shown(tx: BraintreeTransaction): BraintreeTransaction {
    const { fingerprint: _omit, ...rest } = tx as StoredTx;
    return { ...rest, ...(rest.type !== 'credit' ? { refundIds: [...(rest.refundIds ?? [])] } : {}) };
  }

  function settleNow(saleId: string): BraintreeTransaction | null {
    const tx = findSale(saleId);
    if (!tx || !CAPTURED.includes(tx.status)) return null;
    if (tx.status === 'submitted_for_settlement' || tx.status === 'settling') {
      tx.status = 'settled';
      tx.processorSettlementResponseCode = '4000';
      tx.processorSettlementResponseText = 'Settled';
      state.put('tx', tx.id, tx);
    }
    return shown(tx);
  }

  const isCapture = (tx: BraintreeTransaction) => tx.type !== 'credit' && CAPTURED.includes(tx.status);
  return {
    app,
    faults,
    transactions: () => log.map((tx) => ({ ...tx })),
    captures: (orderId) => log.filter((tx) => tx.orderId === orderId && isCapture(tx)),
    reversals: (orderId) => log.filter((tx) => tx.orderId === orderId && tx.type !== 'credit' && (tx.status === 'voided' || (CAPTURED.includes(tx.status) && (tx.refundIds ?? []).length > 0 && refundedPence(tx) >= tx.amountPence))),
    refunds: (saleId) => log.filter((tx) => tx.type === 'credit' && tx.refundedTransactionId === saleId).map((tx) => ({ ...tx })),
    settle: (saleId) => {
      const settled = settleNow(saleId);
      void state.flush().catch(() => undefined);
      return settled;
    },
    webhooks: {
      configure: (config) => webhooks.configure(config),
      sent: () => webhooks.sent(),
      replay: (eventId) => webhooks.replay(eventId),
      settled: () => webhooks.settled(),
      stop: () => webhooks.stop(),
      get enabled() {
        return webhooks.enabled;
      },
    },
    ready,
    tokenizeCard: (input) => {
      const result = tokenizeCard(input);
      return 'errors' in result ? result : { nonce: result.nonce };
    },
  };
}
