/**
 * Provider webhook notifications (reliability P6, A6): Braintree's signed settlement events.
 *
 * - Authenticated by the signature, not the service token (the provider calls us): a forged
 *   signature, or a notification whose signed timestamp is further than `toleranceMs` from now
 *   (a replayed old event), is refused with nothing written.
 * - Applied exactly once: the event id is the primary key of payment.webhook_event, claimed by an
 *   INSERT … ON CONFLICT DO NOTHING in the same transaction as its effect (never read-then-write).
 * - A state machine per provider transaction (payment.settlement): authorized →
 *   submitted_for_settlement → settling → settled | settlement_declined. An event only moves it
 *   forward; an earlier state after a later one is stale (a no-op), and one final state after
 *   the other (settled ↔ settlement_declined) is illegal: rejected and logged. Both are recorded
 *   with the event and answered 200, so the provider does not send them again.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from '@hono/zod-openapi';
import { inPayment, type PaymentDb, type SettlementTable } from './db/database.ts';

export const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;
export const BRAINTREE_PUBLIC_KEY = 'sandbox_public_key';

export interface BraintreeWebhookConfig {
  /** The webhook secret shared with the provider (its HMAC key). */
  secret: string;
  /** The public key the signature names (default 'sandbox_public_key'). */
  publicKey?: string;
  /** How far the signed timestamp may be from now (default 5 minutes). */
  toleranceMs?: number;
}

export type SettlementStatus = SettlementTable['status'];

const STATUS_OF_KIND: Record<string, SettlementStatus> = {
  transaction_authorized: 'authorized',
  transaction_submitted_for_settlement: 'submitted_for_settlement',
  transaction_settling: 'settling',
  transaction_settled: 'settled',
  transaction_settlement_declined: 'settlement_declined',
};
const RANK: Record<SettlementStatus, number> = { authorized: 1, submitted_for_settlement: 2, settling: 3, settled: 4, settlement_declined: 4 };
const FINAL = new Set<SettlementStatus>(['settled', 'settlement_declined']);

/** What an event does to a transaction in `from`: move it, ignore it (stale) or refuse it (illegal). */
export function settlementTransition(from: SettlementStatus | null, to: SettlementStatus): 'applied' | 'stale' | 'rejected' {
  if (from === null) return 'applied';
  if (FINAL.has(from) && FINAL.has(to) && from !== to) return 'rejected';
  return RANK[to] > RANK[from] ? 'applied' : 'stale';
}

const Notification = z.object({
  kind: z.string().min(1).max(100),
  id: z.string().min(1).max(255),
  timestamp: z.string().datetime({ offset: true }),
  subject: z.object({
    transaction: z.object({
      id: z.string().min(1).max(255),
      orderId: z.string().min(1).max(255),
      processorSettlementResponseCode: z.string().max(20).optional(),
    }),
  }),
});

export type WebhookAnswer =
  | { status: 200; body: { received: true; eventId: string; outcome: 'applied' | 'stale' | 'rejected' | 'duplicate' | 'ignored'; settlementStatus: SettlementStatus | null } }
  | { status: 400; field: string; message: string }
  | { status: 401; reason: 'signature' | 'timestamp' };

/** The HMAC part of `bt_signature` for our public key, checked in constant time. */
function signatureValid(signature: string, payload: string, config: BraintreeWebhookConfig): boolean {
  const expected = createHmac('sha256', config.secret).update(payload).digest();
  const publicKey = config.publicKey ?? BRAINTREE_PUBLIC_KEY;
  return signature.split('&').some((pair) => {
    const [key, hex] = pair.split('|');
    if (key !== publicKey || !hex || !/^[0-9a-f]{64}$/i.test(hex)) return false;
    return timingSafeEqual(Buffer.from(hex, 'hex'), expected);
  });
}

export interface ReceivedSettlement {
  provider: 'braintree';
  orderRef: string;
  transactionId: string;
  status: SettlementStatus;
}

/**
 * Verifies and applies one Braintree notification (`{ bt_signature, bt_payload }`). `onApplied`
 * is told after the commit when a transaction's settlement moved.
 */
export async function receiveBraintreeWebhook(
  db: PaymentDb,
  body: { bt_signature: string; bt_payload: string },
  config: BraintreeWebhookConfig,
  now: Date,
  log: (message: string, fields: Record<string, unknown>) => void,
): Promise<WebhookAnswer & { applied?: ReceivedSettlement }> {
  if (!signatureValid(body.bt_signature, body.bt_payload, config)) {
    log('[payment] webhook refused: bad signature', { provider: 'braintree' });
    return { status: 401, reason: 'signature' };
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(body.bt_payload, 'base64').toString('utf8'));
  } catch {
    return { status: 400, field: 'bt_payload', message: 'The payload is not base64 JSON.' };
  }
  const parsed = Notification.safeParse(decoded);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { status: 400, field: ['bt_payload', ...issue.path.map(String)].join('.'), message: issue.message };
  }
  const n = parsed.data;
  const occurredAt = new Date(n.timestamp);
  if (Math.abs(now.getTime() - occurredAt.getTime()) > (config.toleranceMs ?? WEBHOOK_TOLERANCE_MS)) {
    log('[payment] webhook refused: timestamp outside the tolerance (replayed or stale)', { provider: 'braintree', eventId: n.id, timestamp: n.timestamp });
    return { status: 401, reason: 'timestamp' };
  }
  const to = STATUS_OF_KIND[n.kind];
  if (!to) {
    log('[payment] webhook kind not handled', { provider: 'braintree', eventId: n.id, kind: n.kind });
    return { status: 200, body: { received: true, eventId: n.id, outcome: 'ignored', settlementStatus: null } };
  }
  const tx = n.subject.transaction;
  const processorCode = tx.processorSettlementResponseCode || null;

  const result = await db.transaction().execute(async (trx) => {
    // The claim: a delivery of an event already applied writes nothing.
    const claimed = await inPayment(trx)
      .insertInto('webhook_event')
      .values({
        provider: 'braintree',
        event_id: n.id,
        kind: n.kind,
        transaction_id: tx.id,
        order_ref: tx.orderId,
        occurred_at: occurredAt,
        received_at: now,
        outcome: 'applied',
        from_status: null,
        to_status: to,
        payload: JSON.stringify(n),
      })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!claimed) {
      const current = await inPayment(trx).selectFrom('settlement').select('status').where('provider', '=', 'braintree').where('transaction_id', '=', tx.id).executeTakeFirst();
      return { outcome: 'duplicate' as const, status: current?.status ?? null };
    }
    const created = await inPayment(trx)
      .insertInto('settlement')
      .values({ provider: 'braintree', transaction_id: tx.id, order_ref: tx.orderId, status: to, processor_code: processorCode, event_at: occurredAt, updated_at: now })
      .onConflict((oc) => oc.columns(['provider', 'transaction_id']).doNothing())
      .returning('status')
      .executeTakeFirst();
    if (created) return { outcome: 'applied' as const, status: to, from: null };
    const row = await inPayment(trx).selectFrom('settlement').select(['status', 'order_ref']).where('provider', '=', 'braintree').where('transaction_id', '=', tx.id).forUpdate().executeTakeFirstOrThrow();
    const outcome = settlementTransition(row.status, to);
    if (outcome === 'applied') {
      await inPayment(trx)
        .updateTable('settlement')
        .set({ status: to, processor_code: processorCode, event_at: occurredAt, updated_at: now })
        .where('provider', '=', 'braintree')
        .where('transaction_id', '=', tx.id)
        .execute();
    } else {
      log(outcome === 'rejected' ? '[payment] webhook: illegal settlement transition rejected' : '[payment] webhook: stale event ignored', {
        provider: 'braintree',
        eventId: n.id,
        transactionId: tx.id,
        orderRef: tx.orderId,
        from: row.status,
        to,
      });
    }
    await inPayment(trx).updateTable('webhook_event').set({ outcome, from_status: row.status }).where('provider', '=', 'braintree').where('event_id', '=', n.id).execute();
    return { outcome, status: outcome === 'applied' ? to : row.status, from: row.status };
  });
  const answer: WebhookAnswer & { applied?: ReceivedSettlement } = {
    status: 200,
    body: { received: true, eventId: n.id, outcome: result.outcome, settlementStatus: result.status },
  };
  if (result.outcome === 'applied') answer.applied = { provider: 'braintree', orderRef: tx.orderId, transactionId: tx.id, status: to };
  return answer;
}

/**
 * Module function for the checkout: the transactions declined at settlement since `since`
 * (newest last), by our order reference.
 */
export async function declinedSettlements(
  db: PaymentDb,
  options: { since: Date; limit?: number },
): Promise<Array<{ provider: string; orderRef: string; transactionId: string; processorCode: string | null; declinedAt: Date }>> {
  const rows = await inPayment(db)
    .selectFrom('settlement')
    .select(['provider', 'order_ref', 'transaction_id', 'processor_code', 'updated_at'])
    .where('status', '=', 'settlement_declined')
    .where('updated_at', '>=', options.since)
    .orderBy('updated_at')
    .limit(options.limit ?? 500)
    .execute();
  return rows.map((r) => ({ provider: r.provider, orderRef: r.order_ref, transactionId: r.transaction_id, processorCode: r.processor_code, declinedAt: new Date(r.updated_at) }));
}

