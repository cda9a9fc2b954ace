/**
 * `createPayments`: the one way our code charges (services/checkout/README.md "@shop/payment").
 * It picks the provider of the method, resolves a saved instrument to its vault token (owner
 * only), runs the call under a deadline (PAYMENT_TIMEOUT_MS) and the provider's circuit breaker,
 * records the charge by its idempotency key in payment.charge, and saves the instrument when asked.
 *
 * Outcomes: a timeout, reset or 5xx is `unknown` (never declined: the money may have moved), and
 * `lookup(method, orderRef)` asks the provider later. A final answer for a key is replayed
 * without calling the provider again; an unknown one is asked again with the same provider
 * idempotency key, so the provider never captures twice.
 */
import { logFunction } from '@shop/platform';
import { IDEMPOTENCY_KEY_PATTERN, PAYMENT_METHODS, PAYMENT_TIMEOUT_MS, PROVIDER_OF_METHOD, type PaymentMethod, type PaymentProviderName } from '@shop/domain/buying';
import { PAYMENT_OUTCOME_WORDS } from '@shop/domain/payment-messages';
import { sql, type Kysely } from 'kysely';
import { CircuitBreaker, type BreakerOptions, type BreakerState } from './breaker.ts';
import type { ChargeDeclined, ChargeRequest, ChargeResult, ChargeSucceededWithVault, LookupResult, PaymentProvider, ProviderCallOptions, RefundRefusalCode, RefundRequest, RefundResult, ReverseResult } from './contract.ts';
import { inPayment, type PaymentDb, type RefundTable } from './db/database.ts';
import { deleteInstrument, instrumentForCharge, listInstruments, saveInstrument, setDefaultInstrument, type SavedInstrument } from './instruments.ts';

export interface PaymentsOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop passes its one schema-agnostic handle
  db: PaymentDb | Kysely<any>;
  /** One adapter per provider family (braintreeProvider, klarnaProvider, clearpayProvider). */
  providers: PaymentProvider[] | Partial<Record<PaymentProviderName, PaymentProvider>>;
  /** The deadline of one provider call (default PAYMENT_TIMEOUT_MS, 2500 ms). */
  timeoutMs?: number;
  breaker?: BreakerOptions;
  /**
   * refund: how long after an unknown answer the same key may ask the provider again (default
   * timeoutMs): a request that reached the provider late (still being worked on there) is then
   * over, so a provider without idempotency keys (Braintree) shows its refund to our search.
   */
  refundRetryAfterMs?: number;
  now?: () => Date;
  log?: (message: string, fields: Record<string, unknown>) => void;
}

export interface Payments {
  charge(req: ChargeRequest): Promise<ChargeResult>;
  lookup(method: PaymentMethod, orderRef: string): Promise<LookupResult>;
  /**
   * Gives back the capture `transactionId` of `orderRef` (void or refund at the provider) and
   * records it in payment.reversal; 'reversed' also when it was recorded before. 'unknown': the
   * provider did not confirm (or its adapter cannot reverse yet): try again later.
   */
  reverse(method: PaymentMethod, orderRef: string, transactionId: string, reason: string): Promise<ReverseResult>;
  /**
   * Gives back `req.amount` of the capture `req.transactionId` (paid by `method`) to the original
   * payment method, recorded in payment.refund by `req.idempotencyKey`. Never more in all than the
   * capture took (checked here under a lock of the capture, and by the provider). A final answer
   * for the key is answered again without asking the provider; 'unknown' (and a refusal
   * REFUND_NOT_SETTLED) is asked again with the same key. Throws InvalidRefundError for an
   * invalid request or the key used for another refund.
   */
  refund(method: PaymentMethod, req: RefundRequest): Promise<RefundResult>;
  instruments(customerToken: string): Promise<SavedInstrument[]>;
  setDefaultInstrument(customerToken: string, id: string): Promise<SavedInstrument | null>;
  deleteInstrument(customerToken: string, id: string): Promise<boolean>;
  provider<T extends PaymentProvider = PaymentProvider>(name: PaymentProviderName): T | null;
  breakerState(name: PaymentProviderName): BreakerState;
  /** Runs any other provider call (client tokens, BNPL sessions) under the deadline and breaker; null = no answer. */
  call<T>(name: PaymentProviderName, work: (provider: PaymentProvider, options: ProviderCallOptions) => Promise<T | null>): Promise<T | null>;
  readonly timeoutMs: number;
}

export class InvalidChargeError extends Error {}
/** A refund request that is not valid, or its idempotency key already used for another refund. */
export class InvalidRefundError extends Error {}

/** Our refund idempotency key: 1–64 printable ASCII characters (Adyen's and Clearpay's limit). */
const REFUND_KEY_PATTERN = /^[\x21-\x7e]{1,64}$/;

const FINAL = new Set(['succeeded', 'declined']);

export function createPayments(options: PaymentsOptions): Payments {
  const db = options.db as PaymentDb;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? PAYMENT_TIMEOUT_MS;
  const log = options.log ?? logFunction();
  const providers = new Map<PaymentProviderName, PaymentProvider>();
  for (const provider of Array.isArray(options.providers) ? options.providers : Object.values(options.providers)) {
    if (provider) providers.set(provider.name, provider);
  }
  const breakers = new Map<PaymentProviderName, CircuitBreaker>();
  const breakerOf = (name: PaymentProviderName) => {
    let breaker = breakers.get(name);
    if (!breaker) breakers.set(name, (breaker = new CircuitBreaker(options.breaker, () => now().getTime())));
    return breaker;
  };
  const unreachable = (provider: PaymentProviderName): ChargeDeclined => ({
    status: 'declined',
    provider,
    code: 'PAYMENT_FAILED',
    message: PAYMENT_OUTCOME_WORDS.providerUnreachable.message,
    retryable: true,
    processorCode: null,
  });

  /** The call under the deadline: an abort signal for the adapter, and a timer in case it ignores it. */
  async function withDeadline<T>(name: PaymentProviderName, work: (signal: AbortSignal) => Promise<T>, isUnknown: (result: T) => boolean, onTimeout: T): Promise<T | 'open'> {
    const breaker = breakerOf(name);
    if (!breaker.tryAcquire()) return 'open';
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<T>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve(onTimeout);
      }, timeoutMs);
    });
    let result: T;
    try {
      result = await Promise.race([work(controller.signal), deadline]);
    } catch (error) {
      log('[payment] provider adapter threw', { provider: name, error: error instanceof Error ? error.message : String(error) });
      result = onTimeout;
    } finally {
      clearTimeout(timer);
    }
    if (isUnknown(result)) breaker.failure();
    else breaker.success();
    return result;
  }

  function validate(req: ChargeRequest): void {
    const problems: string[] = [];
    if (typeof req.idempotencyKey !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(req.idempotencyKey)) problems.push('idempotencyKey');
    if (typeof req.orderRef !== 'string' || req.orderRef.length < 1 || req.orderRef.length > 255) problems.push('orderRef');
    if (!(PAYMENT_METHODS as readonly string[]).includes(req.method)) problems.push('method');
    if (!Number.isSafeInteger(req.amount) || req.amount <= 0) problems.push('amount');
    if (req.currency !== 'GBP') problems.push('currency');
    if (req.addon && (req.addon.type !== 'VVE' || typeof req.addon.parentOrderRef !== 'string' || req.addon.parentOrderRef.length < 1 || req.addon.parentOrderRef.length > 255)) problems.push('addon');
    if (!req.token && !req.savedInstrumentId) problems.push('token');
    if (problems.length) throw new InvalidChargeError(`Invalid charge request: ${problems.join(', ')}`);
  }

  async function record(req: ChargeRequest, status: 'unknown' | 'review' | 'succeeded' | 'declined', result: ChargeResult | null): Promise<void> {
    try {
      await inPayment(db)
        .updateTable('charge')
        .set({
          status,
          result: result ? JSON.stringify(result) : null,
          transaction_id: result?.status === 'succeeded' ? result.transactionId : null,
          updated_at: now(),
        })
        .where('idempotency_key', '=', req.idempotencyKey)
        .where('status', 'not in', ['succeeded', 'declined'])
        .execute();
    } catch (error) {
      // Our record is a convenience: the provider's own log (lookup) is the truth.
      log('[payment] could not record the charge', { orderRef: req.orderRef, error: error instanceof Error ? error.message : String(error) });
    }
  }

  async function charge(req: ChargeRequest): Promise<ChargeResult> {
    validate(req);
    const name = PROVIDER_OF_METHOD[req.method];
    if (breakerOf(name).state() === 'open') {
      // Fail fast (P5), but a key that already has its final answer still gets it: a success
      // must never be reported as a failure.
      const stored = await inPayment(db).selectFrom('charge').select(['status', 'result']).where('idempotency_key', '=', req.idempotencyKey).executeTakeFirst();
      if (stored && FINAL.has(stored.status)) return (typeof stored.result === 'string' ? JSON.parse(stored.result) : stored.result) as ChargeResult;
      if (stored?.status === 'review') return { status: 'unknown', provider: name, review: true };
      // An earlier attempt with this key whose outcome is not known may have moved the money:
      // still unknown (reconciliation asks the provider), never a failure.
      if (stored && (stored.status === 'unknown' || stored.status === 'pending')) return { status: 'unknown', provider: name };
      return unreachable(name);
    }
    const at = now();
    const inserted = await inPayment(db)
      .insertInto('charge')
      .values({
        idempotency_key: req.idempotencyKey,
        order_ref: req.orderRef,
        provider: name,
        method: req.method,
        amount: req.amount,
        currency: req.currency,
        customer_token: req.customerToken,
        status: 'pending',
        transaction_id: null,
        result: null,
        save_instrument: req.saveInstrument && !req.savedInstrumentId && !!req.customerToken,
        addon_type: req.addon?.type ?? null,
        parent_order_ref: req.addon?.parentOrderRef ?? null,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning(['status', 'result', 'order_ref', 'amount', 'method', 'addon_type', 'parent_order_ref'])
      .executeTakeFirst();
    // The key's first charge: the row just written. Seen before: what was recorded for it.
    const seen =
      inserted ??
      (await inPayment(db).selectFrom('charge').select(['status', 'result', 'order_ref', 'amount', 'method', 'addon_type', 'parent_order_ref']).where('idempotency_key', '=', req.idempotencyKey).executeTakeFirstOrThrow());
    if (
      seen.order_ref !== req.orderRef ||
      Number(seen.amount) !== req.amount ||
      seen.method !== req.method ||
      seen.addon_type !== (req.addon?.type ?? null) ||
      seen.parent_order_ref !== (req.addon?.parentOrderRef ?? null)
    ) {
      throw new InvalidChargeError('Idempotency key reused for another charge');
    }
    if (FINAL.has(seen.status)) return (typeof seen.result === 'string' ? JSON.parse(seen.result) : seen.result) as ChargeResult;
    // P7: held for review (the provider answered another amount or currency): a person decides, not a retry.
    if (seen.status === 'review') return { status: 'unknown', provider: name, review: true };

    const provider = providers.get(name);
    if (!provider) {
      log('[payment] no adapter configured', { provider: name });
      return unreachable(name);
    }
    let vaultToken: string | null = null;
    if (req.savedInstrumentId) {
      const saved = await instrumentForCharge(db, req.customerToken, req.savedInstrumentId);
      if (!saved || saved.gateway !== name) {
        const result: ChargeDeclined = { status: 'declined', provider: name, ...pick(PAYMENT_OUTCOME_WORDS.tokenUnusable), processorCode: null };
        await record(req, 'declined', result);
        return result;
      }
      vaultToken = saved.vaultToken;
    }

    const outcome = await withDeadline<ChargeResult | ChargeSucceededWithVault>(
      name,
      (signal) => provider.charge(req, { signal, vaultToken }),
      (r) => r.status === 'unknown' && !r.review,
      { status: 'unknown', provider: name },
    );
    if (outcome === 'open') {
      // Nothing was asked of the provider: the key stays free for a later attempt.
      await inPayment(db).deleteFrom('charge').where('idempotency_key', '=', req.idempotencyKey).where('status', '=', 'pending').execute();
      return unreachable(name);
    }
    let result: ChargeResult = outcome;
    if (outcome.status === 'succeeded') {
      const { vaulted, ...succeeded } = outcome as ChargeSucceededWithVault;
      result = { ...succeeded, instrumentId: req.savedInstrumentId ?? null };
      if (vaulted && req.saveInstrument && req.customerToken && !req.savedInstrumentId) {
        try {
          const saved = await saveInstrument(db, { customerToken: req.customerToken, gateway: name, ...vaulted }, now());
          result = { ...result, instrumentId: saved.id };
        } catch (error) {
          log('[payment] could not save the instrument', { orderRef: req.orderRef, error: error instanceof Error ? error.message : String(error) });
        }
      }
    }
    await record(req, result.status === 'unknown' && result.review ? 'review' : result.status, result.status === 'unknown' ? null : result);
    return result;
  }

  async function lookup(method: PaymentMethod, orderRef: string): Promise<LookupResult> {
    const name = PROVIDER_OF_METHOD[method];
    const provider = providers.get(name);
    if (!provider) return { status: 'unknown', provider: name };
    // What we asked for: an answer for another amount or currency is not ours (P7). A charge held
    // for review stays held: reconciliation must not settle it.
    const asked = await inPayment(db)
      .selectFrom('charge')
      .select(['status', 'amount', 'currency', 'save_instrument', 'customer_token', 'provider', 'result'])
      .where('order_ref', '=', orderRef)
      .orderBy('created_at', 'desc')
      .execute();
    if (asked.some((c) => c.status === 'review')) return { status: 'unknown', provider: name, review: true };
    // Our own durable record of a capture wins (issue 14.1): the provider's answer cannot undo
    // money we know it took (a provider that lost its record would otherwise fail a paid order).
    // A settlement the provider later declined is not such a capture: then the provider is asked.
    const recorded = asked.find((c) => c.status === 'succeeded' && c.provider === name && c.result);
    const declinedLater =
      recorded &&
      (await inPayment(db).selectFrom('settlement').select('status').where('order_ref', '=', orderRef).where('status', '=', 'settlement_declined').executeTakeFirst());
    if (recorded && !declinedLater) return (typeof recorded.result === 'string' ? JSON.parse(recorded.result) : recorded.result) as LookupResult;
    const expected = asked[0] ? { amount: Number(asked[0].amount), currency: asked[0].currency } : null;
    const outcome = await withDeadline<LookupResult>(
      name,
      (signal) => provider.lookup(orderRef, { signal, expected }),
      (r) => r.status === 'unknown' && !r.review,
      { status: 'unknown', provider: name },
    );
    if (outcome === 'open') return { status: 'unknown', provider: name };
    if (outcome.status === 'unknown' && outcome.review) {
      await inPayment(db).updateTable('charge').set({ status: 'review', updated_at: now() }).where('order_ref', '=', orderRef).where('status', 'in', ['pending', 'unknown']).execute();
    }
    let found: LookupResult = outcome;
    if (outcome.status === 'succeeded') {
      const { vaulted, ...succeeded } = outcome as ChargeSucceededWithVault;
      found = succeeded;
      // P3: the charge asked to save the card and its answer was lost: save it now (once).
      const wanted = asked.find((c) => c.save_instrument && c.customer_token && c.provider === name);
      if (vaulted && wanted?.customer_token) found = { ...succeeded, instrumentId: await saveOnce(wanted.customer_token, name, vaulted, orderRef) };
    }
    if (found.status === 'succeeded' || found.status === 'declined') {
      const outcome = found;
      await inPayment(db)
        .updateTable('charge')
        .set({ status: outcome.status, result: JSON.stringify(outcome), transaction_id: outcome.status === 'succeeded' ? outcome.transactionId : null, updated_at: now() })
        .where('order_ref', '=', orderRef)
        .where('status', 'in', ['pending', 'unknown'])
        .execute()
        .catch((error: unknown) => log('[payment] could not record the lookup', { orderRef, error: error instanceof Error ? error.message : String(error) }));
    }
    return found;
  }

  async function reverse(method: PaymentMethod, orderRef: string, transactionId: string, reason: string): Promise<ReverseResult> {
    const name = PROVIDER_OF_METHOD[method];
    const done = await inPayment(db).selectFrom('reversal').select(['kind', 'reference']).where('provider', '=', name).where('transaction_id', '=', transactionId).executeTakeFirst();
    if (done) return { status: 'reversed', kind: done.kind, reference: done.reference };
    const charge = await inPayment(db).selectFrom('charge').select('amount').where('order_ref', '=', orderRef).where('transaction_id', '=', transactionId).executeTakeFirst();
    const provider = providers.get(name);
    if (!charge || !provider?.reverse) {
      log('[payment] capture cannot be given back automatically: a person must refund it', { orderRef, transactionId, provider: name });
      return { status: 'unknown' };
    }
    const outcome = await withDeadline<ReverseResult>(name, (signal) => provider.reverse!(transactionId, { signal }), (r) => r.status === 'unknown', { status: 'unknown' });
    if (outcome === 'open' || outcome.status !== 'reversed') return { status: 'unknown' };
    // What this give-back returned: the capture, less what partial refunds gave back before it.
    const refunded = await inPayment(db)
      .selectFrom('refund')
      .select(sql<string>`coalesce(sum(amount), 0)`.as('total'))
      .where('provider', '=', name)
      .where('transaction_id', '=', transactionId)
      .where('state', '=', 'refunded')
      .executeTakeFirstOrThrow();
    const rest = Number(charge.amount) - Number(refunded.total);
    await inPayment(db)
      .insertInto('reversal')
      .values({ provider: name, transaction_id: transactionId, order_ref: orderRef, kind: outcome.kind, reference: outcome.reference, amount: rest > 0 ? rest : Number(charge.amount), reason, created_at: now() })
      .onConflict((oc) => oc.columns(['provider', 'transaction_id']).doNothing())
      .execute();
    return outcome;
  }

  const refundRetryAfterMs = options.refundRetryAfterMs ?? timeoutMs;
  /** A pending refund older than this was being asked by a process that died: its key may ask again. */
  const refundStaleMs = 2 * timeoutMs + 1_000;

  function validateRefund(method: PaymentMethod, req: RefundRequest): void {
    const problems: string[] = [];
    if (!(PAYMENT_METHODS as readonly string[]).includes(method)) problems.push('method');
    if (!req || typeof req !== 'object') throw new InvalidRefundError('Invalid refund request');
    if (typeof req.idempotencyKey !== 'string' || !REFUND_KEY_PATTERN.test(req.idempotencyKey)) problems.push('idempotencyKey');
    if (typeof req.transactionId !== 'string' || req.transactionId.length < 1 || req.transactionId.length > 255) problems.push('transactionId');
    if (typeof req.orderRef !== 'string' || req.orderRef.length < 1 || req.orderRef.length > 255) problems.push('orderRef');
    if (!Number.isSafeInteger(req.amount) || req.amount <= 0) problems.push('amount');
    if (req.currency !== 'GBP') problems.push('currency');
    if (typeof req.reason !== 'string' || req.reason.length < 1 || req.reason.length > 500) problems.push('reason');
    if (problems.length) throw new InvalidRefundError(`Invalid refund request: ${problems.join(', ')}`);
  }

  type RefundRow = Pick<RefundTable, 'state' | 'reference' | 'code' | 'message'>;
  const answerOf = (row: RefundRow): RefundResult =>
    row.state === 'refunded' && row.reference
      ? { status: 'refunded', reference: row.reference }
      : row.state === 'refused' && row.code
        ? { status: 'refused', code: row.code, message: row.message ?? '' }
        : { status: 'unknown' };
  const refused = (code: RefundRefusalCode, message: string): RefundResult & { status: 'refused' } => ({ status: 'refused', code, message });
  const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

  /**
   * What to do with a refund, decided in one transaction under a lock of its capture's
   * payment.charge row(s), so two refunds of one capture are decided one after the other and
   * their sum is never more than the capture: answer now (a final answer for the key, a key in
   * flight, our own refusal), or ask the provider (the row then 'pending', its amount claimed).
   * `previous`: what the row was before (to put back when the provider was not asked after all).
   */
  type RefundClaim = { kind: 'answer'; result: RefundResult } | { kind: 'ask'; resumed: boolean; previous: RefundRow | null };
  async function claimRefund(name: PaymentProviderName, method: PaymentMethod, req: RefundRequest): Promise<RefundClaim> {
    return db.transaction().execute(async (trx) => {
      const q = inPayment(trx);
      const at = now();
      const captures = await q
        .selectFrom('charge')
        .select(['amount', 'order_ref'])
        .where('provider', '=', name)
        .where('transaction_id', '=', req.transactionId)
        .where('status', '=', 'succeeded')
        .orderBy('idempotency_key')
        .forUpdate()
        .execute();
      const existing = await q.selectFrom('refund').selectAll().where('idempotency_key', '=', req.idempotencyKey).executeTakeFirst();
      if (existing) {
        if (existing.provider !== name || existing.transaction_id !== req.transactionId || existing.order_ref !== req.orderRef || Number(existing.amount) !== req.amount) {
          throw new InvalidRefundError('Idempotency key reused for another refund');
        }
        if (existing.state === 'refunded' || (existing.state === 'refused' && existing.code !== 'REFUND_NOT_SETTLED')) return { kind: 'answer', result: answerOf(existing) };
        const age = at.getTime() - existing.updated_at.getTime();
        // Being asked right now (here or in another process): its answer is not known yet.
        if (existing.state === 'pending' && age < refundStaleMs) return { kind: 'answer', result: { status: 'unknown' } };
        if (existing.state === 'unknown' && age < refundRetryAfterMs) return { kind: 'answer', result: { status: 'unknown' } };
        if (existing.state === 'pending' || existing.state === 'unknown') {
          // The money may have moved: its amount stays claimed; the provider is asked again with the key.
          await q.updateTable('refund').set({ state: 'pending', updated_at: at }).where('idempotency_key', '=', req.idempotencyKey).execute();
          return { kind: 'ask', resumed: true, previous: { state: 'unknown', reference: null, code: null, message: null } };
        }
        // Refused as not settled yet: asked again below as a new claim.
      }
      const decide = async (result: RefundResult & { status: 'refused' }): Promise<RefundClaim> => {
        const values = { state: 'refused' as const, reference: null, code: result.code, message: result.message, updated_at: at };
        if (existing) await q.updateTable('refund').set(values).where('idempotency_key', '=', req.idempotencyKey).execute();
        else await q.insertInto('refund').values({ ...identity(), ...values, created_at: at }).execute();
        return { kind: 'answer', result };
      };
      const identity = () => ({ idempotency_key: req.idempotencyKey, provider: name, method, transaction_id: req.transactionId, order_ref: req.orderRef, amount: req.amount, currency: req.currency, reason: req.reason });
      // No capture of this order with this transaction (yet: a charge still being reconciled):
      // refused, and the key stays free.
      if (!captures.some((c) => c.order_ref === req.orderRef)) return { kind: 'answer', result: refused('REFUND_REFUSED', 'No captured payment of this order has this transaction.') };
      const captured = Number(captures.find((c) => c.order_ref === req.orderRef)!.amount);
      const reversed = await q.selectFrom('reversal').select('kind').where('provider', '=', name).where('transaction_id', '=', req.transactionId).executeTakeFirst();
      if (reversed) return decide(refused('REFUND_EXCEEDS_CAPTURE', `The payment was already given back in full (${reversed.kind}).`));
      const declined = await q.selectFrom('settlement').select('status').where('provider', '=', name).where('transaction_id', '=', req.transactionId).where('status', '=', 'settlement_declined').executeTakeFirst();
      if (declined) return decide(refused('REFUND_REFUSED', 'The payment was declined at settlement: no money arrived to give back.'));
      const claimed = await q
        .selectFrom('refund')
        .select(sql<string>`coalesce(sum(amount), 0)`.as('total'))
        .where('provider', '=', name)
        .where('transaction_id', '=', req.transactionId)
        .where('state', 'in', ['pending', 'unknown', 'refunded'])
        .where('idempotency_key', '<>', req.idempotencyKey)
        .executeTakeFirstOrThrow();
      const left = captured - Number(claimed.total);
      if (req.amount > left) return decide(refused('REFUND_EXCEEDS_CAPTURE', `Refunds of this payment would exceed what it captured (${pounds(Math.max(left, 0))} of ${pounds(captured)} left).`));
      const pending = { state: 'pending' as const, reference: null, code: null, message: null, updated_at: at };
      if (existing) await q.updateTable('refund').set(pending).where('idempotency_key', '=', req.idempotencyKey).execute();
      else await q.insertInto('refund').values({ ...identity(), ...pending, created_at: at }).execute();
      return { kind: 'ask', resumed: false, previous: existing ?? null };
    });
  }

  async function refund(method: PaymentMethod, req: RefundRequest): Promise<RefundResult> {
    validateRefund(method, req);
    const name = PROVIDER_OF_METHOD[method];
    const provider = providers.get(name);
    if (!provider?.refund) {
      log('[payment] no adapter can refund this provider: a person must refund it', { provider: name, transactionId: req.transactionId });
      return refused('REFUND_REFUSED', 'This payment cannot be refunded automatically.');
    }
    let claim: RefundClaim;
    try {
      claim = await claimRefund(name, method, req);
    } catch (error) {
      if (error instanceof InvalidRefundError) throw error;
      // Two first attempts with one key at once: the loser's insert hits the key; ask again to replay.
      if (isUniqueViolation(error)) claim = await claimRefund(name, method, req);
      else throw error;
    }
    if (claim.kind === 'answer') return claim.result;
    const { resumed, previous } = claim;
    const outcome = await withDeadline<RefundResult>(name, (signal) => provider.refund!(req, { signal, resumed }), (r) => r.status === 'unknown', { status: 'unknown' });
    const key = req.idempotencyKey;
    const write = (values: Partial<Pick<RefundTable, 'state' | 'reference' | 'code' | 'message'>>) =>
      inPayment(db)
        .updateTable('refund')
        .set({ ...values, updated_at: now() })
        .where('idempotency_key', '=', key)
        .where('state', '=', 'pending')
        .execute()
        .catch((error: unknown) => {
          // Left pending: once stale, the key asks the provider again (which answers the same refund).
          log('[payment] could not record the refund', { transactionId: req.transactionId, key, error: error instanceof Error ? error.message : String(error) });
        });
    if (outcome === 'open') {
      // The breaker is open: nothing was asked. The claim is put back as it was (a new one freed).
      if (!previous) await inPayment(db).deleteFrom('refund').where('idempotency_key', '=', key).where('state', '=', 'pending').execute().catch(() => undefined);
      else await write({ state: previous.state, reference: previous.reference, code: previous.code, message: previous.message });
      return { status: 'unknown' };
    }
    if (outcome.status === 'refunded') await write({ state: 'refunded', reference: outcome.reference, code: null, message: null });
    else if (outcome.status === 'refused') await write({ state: 'refused', reference: null, code: outcome.code, message: outcome.message.slice(0, 500) });
    else await write({ state: 'unknown' });
    return outcome;
  }

  /** Saves a vaulted instrument for its shopper unless it is saved already (by its vault token); its id, or null when it could not be saved. */
  async function saveOnce(customerToken: string, gateway: PaymentProviderName, vaulted: NonNullable<ChargeSucceededWithVault['vaulted']>, orderRef: string): Promise<string | null> {
    const existing = () => inPayment(db).selectFrom('instrument').select('id').where('vault_token', '=', vaulted.vaultToken).where('customer_token', '=', customerToken).executeTakeFirst();
    const already = await existing();
    if (already) return already.id;
    try {
      return (await saveInstrument(db, { customerToken, gateway, ...vaulted }, now())).id;
    } catch (error) {
      // A concurrent lookup saved it first (vault_token is unique).
      const raced = await existing();
      if (raced) return raced.id;
      log('[payment] could not save the instrument after reconciliation', { orderRef, error: error instanceof Error ? error.message : String(error) });
      return null;
    }
  }

  async function call<T>(name: PaymentProviderName, work: (provider: PaymentProvider, options: ProviderCallOptions) => Promise<T | null>): Promise<T | null> {
    const provider = providers.get(name);
    if (!provider) return null;
    const outcome = await withDeadline<T | null>(name, (signal) => work(provider, { signal }), (r) => r === null, null);
    return outcome === 'open' ? null : outcome;
  }

  return {
    charge,
    lookup,
    reverse,
    refund,
    call,
    timeoutMs,
    instruments: (customerToken) => listInstruments(db, customerToken),
    setDefaultInstrument: (customerToken, id) => setDefaultInstrument(db, customerToken, id),
    deleteInstrument: (customerToken, id) => deleteInstrument(db, customerToken, id),
    provider: <T extends PaymentProvider>(name: PaymentProviderName) => (providers.get(name) as T | undefined) ?? null,
    breakerState: (name) => breakerOf(name).state(),
  };
}

const pick = (w: { code: ChargeDeclined['code']; message: string; retryable: boolean }) => ({ code: w.code, message: w.message, retryable: w.retryable });
/** PostgreSQL's unique_violation (23505), as pg and PGlite report it. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';
