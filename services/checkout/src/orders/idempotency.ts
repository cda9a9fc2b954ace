/**
 * Idempotency keys of our own API (reliability P4; README "Place order" step 1). A key belongs to
 * a scope (the caller: `c:{customerToken}`, or `b:{basketToken}` for a guest) and an operation.
 * The claim is one `INSERT … ON CONFLICT DO NOTHING`, so two requests with one key can never
 * both proceed.
 *
 * - first time: claimed (state in_flight);
 * - same body, finished: the stored status and body, replayed byte for byte;
 * - other body: 422 (whatever the state);
 * - same body, in flight: 409; an in-flight claim that never got as far as writing its order
 *   (the process died) is taken over once `claimLeaseMs` has passed;
 * - a finished answer older than `keyRetentionMs` is forgotten: the key is new again.
 */
import { inOrders, type AnyDb } from '../db/database.ts';

export interface KeyRef {
  scope: string;
  operation: string;
  key: string;
}

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'mismatch' }
  | { kind: 'in_flight'; orderId: string | null };

export async function claimKey(db: AnyDb, ref: KeyRef, requestHash: string, now: Date, opts: { claimLeaseMs: number; keyRetentionMs: number }): Promise<Claim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await inOrders(db)
      .insertInto('idempotency_key')
      .values({ scope: ref.scope, operation: ref.operation, idem_key: ref.key, request_hash: requestHash, state: 'in_flight', claimed_at: now })
      .onConflict((oc) => oc.doNothing())
      .returning('idem_key')
      .executeTakeFirst();
    if (inserted) return { kind: 'claimed' };

    const row = await inOrders(db)
      .selectFrom('idempotency_key')
      .selectAll()
      .where('scope', '=', ref.scope)
      .where('operation', '=', ref.operation)
      .where('idem_key', '=', ref.key)
      .executeTakeFirst();
    if (!row) continue; // forgotten meanwhile: insert again
    const retentionEnd = new Date(now.getTime() - opts.keyRetentionMs);
    if (row.state === 'done' && row.completed_at && new Date(row.completed_at) < retentionEnd) {
      // Expired answer: forget it (only that exact row) and claim anew.
      await inOrders(db)
        .deleteFrom('idempotency_key')
        .where('scope', '=', ref.scope)
        .where('operation', '=', ref.operation)
        .where('idem_key', '=', ref.key)
        .where('state', '=', 'done')
        .where('completed_at', '<', retentionEnd)
        .execute();
      continue;
    }
    if (row.request_hash !== requestHash) return { kind: 'mismatch' };
    if (row.state === 'done') return { kind: 'replay', status: row.response_status!, body: row.response_body! };
    if (row.order_id === null && new Date(row.claimed_at).getTime() <= now.getTime() - opts.claimLeaseMs) {
      // A claim whose holder died before writing its order: take it over, exactly once.
      const taken = await inOrders(db)
        .updateTable('idempotency_key')
        .set({ claimed_at: now })
        .where('scope', '=', ref.scope)
        .where('operation', '=', ref.operation)
        .where('idem_key', '=', ref.key)
        .where('state', '=', 'in_flight')
        .where('order_id', 'is', null)
        .where('claimed_at', '=', row.claimed_at)
        .returning('idem_key')
        .executeTakeFirst();
      if (taken) return { kind: 'claimed' };
    }
    return { kind: 'in_flight', orderId: row.order_id };
  }
  return { kind: 'in_flight', orderId: null };
}

/** Ties the claim to the order written in the same transaction (it is then never taken over). */
export async function attachOrder(trx: AnyDb, ref: KeyRef, orderId: string, accessToken: string | null): Promise<void> {
  await inOrders(trx)
    .updateTable('idempotency_key')
    .set({ order_id: orderId, access_token: accessToken })
    .where('scope', '=', ref.scope)
    .where('operation', '=', ref.operation)
    .where('idem_key', '=', ref.key)
    .execute();
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

