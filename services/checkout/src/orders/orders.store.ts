/**
 * The orders' database functions: one query (or one statement) each, on the handle given first
 * (`db`, or `trx` inside the caller's transaction). The rules that decide what to write are in
 * orders.ts, idempotency.ts and place-order.ts.
 */
import type { OrderStatus } from '@shop/domain/buying';
import { sql, type Insertable, type Selectable } from 'kysely';
import { inOrders, type AnyDb } from '../db/database.ts';
import type { IdempotencyKeyTable, MailOutboxTable, OrderLineTable, OrdersTable } from '../db/tables.ts';

export type OrderRow = Selectable<OrdersTable>;
export type LineRow = Selectable<OrderLineTable>;

/**
 * Moves an order from `from` to `to` if it is still in `from`, answering the order as it now is
 * (undefined when someone else moved it first). One statement: the conditional update, its event
 * and, when given, its payment row. The state machine's rule is the caller's (orders.ts).
 */
export async function moveOrderRow(
  trx: AnyDb,
  orderId: string,
  from: OrderStatus,
  to: OrderStatus,
  at: Date,
  patch: Partial<Pick<OrderRow, 'provider' | 'card_type' | 'transaction_id' | 'failure_code' | 'failure_message' | 'paid_at'>>,
  data: Record<string, unknown>,
  payment: PaymentRowInput | null = null,
): Promise<OrderRow | undefined> {
  const moving = inOrders(trx)
    .with('moved', (db) => db.updateTable('orders').set({ ...patch, status: to, updated_at: at }).where('id', '=', orderId).where('status', '=', from).returningAll())
    .with('event', (db) =>
      db
        .insertInto('order_event')
        .columns(['order_id', 'type', 'from_status', 'to_status', 'data', 'at'])
        .expression((eb) =>
          eb
            .selectFrom('moved')
            .select([
              'moved.id',
              sql<string>`${to === 'PAID' ? 'paid' : 'failed'}::text`.as('type'),
              sql<string>`${from}::text`.as('from_status'),
              sql<string>`${to}::text`.as('to_status'),
              sql<string>`${JSON.stringify(data)}::jsonb`.as('data'),
              sql<Date>`${at}::timestamptz`.as('at'),
            ]),
        ),
    );
  // The payment row, written only if the order moved (same statement).
  const withPayment = payment
    ? (moving.with('payment_row', (db) =>
        db
          .insertInto('payment')
          .columns(['order_id', 'provider', 'method', 'amount', 'currency', 'status', 'transaction_id', 'card_type', 'instrument_id', 'created_at'])
          .expression((eb) =>
            eb
              .selectFrom('moved')
              .select([
                'moved.id',
                sql<string>`${payment.provider}::text`.as('provider'),
                sql<string>`${payment.method}::text`.as('method'),
                sql<number>`${payment.amount}::integer`.as('amount'),
                sql<string>`${payment.currency}::text`.as('currency'),
                sql<'captured'>`'captured'::text`.as('status'),
                sql<string>`${payment.transactionId}::text`.as('transaction_id'),
                sql<string | null>`${payment.cardType}::text`.as('card_type'),
                sql<string | null>`${payment.instrumentId}::text`.as('instrument_id'),
                sql<Date>`${at}::timestamptz`.as('created_at'),
              ]),
          ),
      ) as unknown as typeof moving)
    : moving;
  return withPayment.selectFrom('moved').selectAll().executeTakeFirst() as Promise<OrderRow | undefined>;
}

/** The captured payment of an order that moves to PAID (orders.payment). */
export interface PaymentRowInput {
  provider: string;
  method: string;
  amount: number;
  currency: string;
  transactionId: string;
  cardType: string | null;
  instrumentId: string | null;
}

/** Appends an event to an order's history (order_event is append-only). */
export async function appendEvent(trx: AnyDb, orderId: string, type: string, at: Date, from: OrderStatus | null, to: OrderStatus | null, data: Record<string, unknown> = {}): Promise<void> {
  await inOrders(trx).insertInto('order_event').values({ order_id: orderId, type, from_status: from, to_status: to, data: JSON.stringify(data), at }).execute();
}

/** Locks an order row (`for update`) inside the caller's transaction. */
export async function lockOrder(trx: AnyDb, orderId: string): Promise<OrderRow | undefined> {
  return inOrders(trx).selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
}

/**
 * lockOrder, with the order's lines and the access token its idempotency key holds for a guest (the
 * answer carries it), in one statement. Lines and token are written with the order and never change.
 */
export async function lockOrderForPaying(trx: AnyDb, orderId: string): Promise<{ order: OrderRow; lines: LineRow[]; keyAccessToken: string | null } | undefined> {
  const { rows } = await sql<OrderRow & { key_access_token: string | null; lines_json: Array<LineRow & { id: string | number }> | string }>`select o.*,
      (select k.access_token from orders.idempotency_key k where k.order_id = o.id limit 1) as key_access_token,
      (select coalesce(json_agg(l order by l.line_no), '[]') from orders.order_line l where l.order_id = o.id) as lines_json
    from orders.orders o where o.id = ${orderId} for update of o`.execute(trx);
  const row = rows[0];
  if (!row) return undefined;
  const { key_access_token: keyAccessToken, lines_json: linesJson, ...order } = row;
  const lines = (typeof linesJson === 'string' ? (JSON.parse(linesJson) as Array<LineRow & { id: string | number }>) : linesJson).map((l) => ({ ...l, id: String(l.id) }));
  return { order: order as OrderRow, lines, keyAccessToken };
}



// --- Idempotency keys (idempotency.ts has the rules).

/** An idempotency key: its caller's scope, the operation and the key itself (idempotency.ts). */
export interface KeyRef {
  scope: string;
  operation: string;
  key: string;
}

/** Claims a key for a request; false when it is taken already. */
export async function insertKeyClaim(db: AnyDb, ref: KeyRef, requestHash: string, now: Date): Promise<boolean> {
  const inserted = await inOrders(db)
    .insertInto('idempotency_key')
    .values({ scope: ref.scope, operation: ref.operation, idem_key: ref.key, request_hash: requestHash, state: 'in_flight', claimed_at: now })
    .onConflict((oc) => oc.doNothing())
    .returning('idem_key')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findKey(db: AnyDb, ref: KeyRef) {
  return inOrders(db).selectFrom('idempotency_key').selectAll().where('scope', '=', ref.scope).where('operation', '=', ref.operation).where('idem_key', '=', ref.key).executeTakeFirst();
}

/** Forgets a key whose answer was stored before `before` (only that exact row). */
export async function forgetKeyAnsweredBefore(db: AnyDb, ref: KeyRef, before: Date): Promise<void> {
  await inOrders(db)
    .deleteFrom('idempotency_key')
    .where('scope', '=', ref.scope)
    .where('operation', '=', ref.operation)
    .where('idem_key', '=', ref.key)
    .where('state', '=', 'done')
    .where('completed_at', '<', before)
    .execute();
}

/** Takes over a claim that never wrote its order, exactly once (the claim's time must still be `claimedAt`). */
export async function takeOverKeyClaim(db: AnyDb, ref: KeyRef, claimedAt: Selectable<IdempotencyKeyTable>['claimed_at'], now: Date): Promise<boolean> {
  const taken = await inOrders(db)
    .updateTable('idempotency_key')
    .set({ claimed_at: now })
    .where('scope', '=', ref.scope)
    .where('operation', '=', ref.operation)
    .where('idem_key', '=', ref.key)
    .where('state', '=', 'in_flight')
    .where('order_id', 'is', null)
    .where('claimed_at', '=', claimedAt)
    .returning('idem_key')
    .executeTakeFirst();
  return taken !== undefined;
}

/** Stores the final answer (inside the transaction that made it final, when there is one). */
export async function completeKey(db: AnyDb, ref: KeyRef, status: number, body: string, now: Date): Promise<void> {
  await inOrders(db)
    .updateTable('idempotency_key')
    .set({ state: 'done', response_status: status, response_body: body, completed_at: now })
    .where('scope', '=', ref.scope)
    .where('operation', '=', ref.operation)
    .where('idem_key', '=', ref.key)
    .execute();
}

/** Stores the final answer of whichever key created this order (reconciliation finishing it). */
export async function completeKeyOfOrder(db: AnyDb, orderId: string, status: number, body: string, now: Date): Promise<void> {
  await inOrders(db)
    .updateTable('idempotency_key')
    .set({ state: 'done', response_status: status, response_body: body, completed_at: now })
    .where('order_id', '=', orderId)
    .where('state', '=', 'in_flight')
    .execute();
}

/** Lets the key go after an unexpected error before any order existed: a retry runs afresh. */
export async function releaseKey(db: AnyDb, ref: KeyRef): Promise<void> {
  await inOrders(db)
    .deleteFrom('idempotency_key')
    .where('scope', '=', ref.scope)
    .where('operation', '=', ref.operation)
    .where('idem_key', '=', ref.key)
    .where('state', '=', 'in_flight')
    .where('order_id', 'is', null)
    .execute();
}


// --- Orders, lines and vouchers (orders.ts has the rules).

export async function orderById(db: AnyDb, orderId: string): Promise<OrderRow> {
  return inOrders(db).selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

export async function orderByNumber(db: AnyDb, orderNumber: string): Promise<OrderRow | undefined> {
  return inOrders(db).selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirst();
}

/** The add-on orders of a parent still waiting for their payment, with the months each buys. */
export async function pendingAddons(db: AnyDb, parentOrderId: string): Promise<Array<{ id: string; months: number }>> {
  return inOrders(db)
    .selectFrom('orders as o')
    .innerJoin('order_line as l', 'l.order_id', 'o.id')
    .select(['o.id', 'l.quantity as months'])
    .where('o.parent_order_id', '=', parentOrderId)
    .where('o.kind', '=', 'addon')
    .where('o.status', '=', 'PENDING')
    .execute();
}

/** A customer's orders, newest first. */
export async function customerOrders(db: AnyDb, customerToken: string, page: { offset: number; limit: number }): Promise<OrderRow[]> {
  return inOrders(db).selectFrom('orders').selectAll().where('customer_token', '=', customerToken).orderBy('created_at', 'desc').orderBy('order_number', 'desc').limit(page.limit).offset(page.offset).execute();
}

/** The access token a guest's order was placed with (its idempotency key keeps it for the answer). */
export async function keyAccessTokenOf(db: AnyDb, orderId: string): Promise<string | null> {
  return (await inOrders(db).selectFrom('idempotency_key').select('access_token').where('order_id', '=', orderId).executeTakeFirst())?.access_token ?? null;
}

export async function linesOf(db: AnyDb, orderId: string): Promise<LineRow[]> {
  return inOrders(db).selectFrom('order_line').selectAll().where('order_id', '=', orderId).orderBy('line_no').execute();
}

/** The deal lines of an order (no add-on lines), by deal product. */
export async function dealLinesOf(db: AnyDb, orderId: string): Promise<LineRow[]> {
  return inOrders(db).selectFrom('order_line').selectAll().where('order_id', '=', orderId).where('addon_type', 'is', null).orderBy('deal_product_id').execute();
}

export async function deletePromoRedemptions(trx: AnyDb, orderId: string): Promise<void> {
  await inOrders(trx).deleteFrom('promo_redemption').where('order_id', '=', orderId).execute();
}

/**
 * The end of a paying transaction, in one statement: the mail into the outbox, the basket's
 * checkout options cleared (none for an add-on: `basketToken` null), and the final answer of
 * whichever key created the order.
 */
export async function writePaidOrderOutcome(
  trx: AnyDb,
  w: { orderId: string; basketToken: string | null; mail: Insertable<MailOutboxTable>[]; status: number; body: string; now: Date },
): Promise<void> {
  await inOrders(trx)
    .with('mail', (db) => db.insertInto('mail_outbox').values(w.mail).onConflict((oc) => oc.doNothing()).returning('id'))
    .with('options', (db) =>
      db
        .updateTable('checkout_options')
        .set({ promo_code: null, vip_checked: false, hold_expires_at: null, hold_signature: null, updated_at: w.now })
        .where('basket_token', '=', w.basketToken ?? sql<string>`null`)
        .returning('basket_token'),
    )
    .updateTable('idempotency_key')
    .set({ state: 'done', response_status: w.status, response_body: w.body, completed_at: w.now })
    .where('order_id', '=', w.orderId)
    .where('state', '=', 'in_flight')
    .execute();
}

// --- The order mail's outbox.

/** Puts a message into the outbox, once (a message already there for the order and kind stays). */
export async function queueMail(trx: AnyDb, mail: Insertable<MailOutboxTable>): Promise<void> {
  await inOrders(trx).insertInto('mail_outbox').values(mail).onConflict((oc) => oc.doNothing()).execute();
}

/**
 * Claims up to `limit` unsent messages (not older than `notBefore`) for `leaseMs`, in one
 * statement so two senders never send one message at once: rows another sender is claiming are
 * skipped, not waited for (every paid order starts a sender).
 */
export async function claimOutboxMail(db: AnyDb, c: { now: Date; leaseMs: number; notBefore: Date; limit: number }): Promise<Selectable<MailOutboxTable>[]> {
  const { rows } = await sql<Selectable<MailOutboxTable>>`update orders.mail_outbox m
    set claimed_until = ${new Date(c.now.getTime() + c.leaseMs)}, attempts = m.attempts + 1
    where m.id in (
      select o.id from orders.mail_outbox o
      where o.sent_at is null and (o.claimed_until is null or o.claimed_until <= ${c.now})
        and (o.send_after is null or o.send_after <= ${c.now})
        and coalesce(o.send_after, o.created_at) > ${c.notBefore}
      order by o.id limit ${c.limit} for update skip locked)
    returning m.*`.execute(db);
  return rows;
}

export async function retryOutboxMailAt(db: AnyDb, id: string, at: Date): Promise<void> {
  await inOrders(db).updateTable('mail_outbox').set({ claimed_until: at }).where('id', '=', id).execute();
}

export async function markOutboxMailSent(db: AnyDb, ids: string[], at: Date): Promise<void> {
  await inOrders(db).updateTable('mail_outbox').set({ sent_at: at, claimed_until: null }).where('id', 'in', ids).execute();
}

// --- A new order.

/** What differs between orders (a basket's, an add-on's); every new order starts PENDING, unpaid and not failed. */
export type NewOrder = Omit<Insertable<OrdersTable>, 'order_number' | 'status' | 'provider' | 'card_type' | 'transaction_id' | 'failure_code' | 'failure_message' | 'created_at' | 'updated_at' | 'paid_at'>;

/**
 * Writes a new PENDING order in one statement: the order row with the next order number, its
 * lines, its 'created' event (with `event` as its data) and the idempotency key tied to it (the
 * claim is then never taken over), with the guest's access token for the answer.
 */
export async function insertPendingOrder(
  trx: AnyDb,
  o: { order: NewOrder; lines: Insertable<OrderLineTable>[]; event: Record<string, unknown>; key: KeyRef; accessToken: string | null; now: Date },
): Promise<void> {
  const orderId = o.order.id;
  const row: Omit<Insertable<OrdersTable>, 'order_number'> = {
    ...o.order,
    status: 'PENDING',
    provider: null,
    card_type: null,
    transaction_id: null,
    failure_code: null,
    failure_message: null,
    created_at: o.now,
    updated_at: o.now,
    paid_at: null,
  };
  const placed = inOrders(trx).with('placed', (db) => db.insertInto('orders').values({ ...row, order_number: sql<string>`'TD' || nextval('orders.order_number_seq')` }).returning('id'));
  // The VIP membership alone (joined from /deals/vip) is an order with no lines: nothing to insert then.
  const withLines = o.lines.length > 0 ? (placed.with('lines', (db) => db.insertInto('order_line').values(o.lines).returning('id')) as unknown as typeof placed) : placed;
  await withLines
    .with('created', (db) =>
      db.insertInto('order_event').values({ order_id: orderId, type: 'created', from_status: null, to_status: 'PENDING', data: JSON.stringify(o.event), at: o.now }).returning('id'),
    )
    .updateTable('idempotency_key')
    .set({ order_id: orderId, access_token: o.accessToken })
    .where('scope', '=', o.key.scope)
    .where('operation', '=', o.key.operation)
    .where('idem_key', '=', o.key.key)
    .execute();
}
