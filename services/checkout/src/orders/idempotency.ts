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
import type { AnyDb } from '../db/database.ts';
import * as store from './orders.store.ts';
import type { KeyRef } from './orders.store.ts';

export type { KeyRef };

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'mismatch' }
  | { kind: 'in_flight'; orderId: string | null };

export async function claimKey(db: AnyDb, ref: KeyRef, requestHash: string, now: Date, opts: { claimLeaseMs: number; keyRetentionMs: number }): Promise<Claim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await store.insertKeyClaim(db, ref, requestHash, now)) return { kind: 'claimed' };

    const row = await store.findKey(db, ref);
    if (!row) continue; // forgotten meanwhile: insert again
    const retentionEnd = new Date(now.getTime() - opts.keyRetentionMs);
    if (row.state === 'done' && row.completed_at && new Date(row.completed_at) < retentionEnd) {
      // Expired answer: forget it (only that exact row) and claim anew.
      await store.forgetKeyAnsweredBefore(db, ref, retentionEnd);
      continue;
    }
    if (row.request_hash !== requestHash) return { kind: 'mismatch' };
    if (row.state === 'done') return { kind: 'replay', status: row.response_status!, body: row.response_body! };
    if (row.order_id === null && new Date(row.claimed_at).getTime() <= now.getTime() - opts.claimLeaseMs) {
      // A claim whose holder died before writing its order: take it over, exactly once.
      if (await store.takeOverKeyClaim(db, ref, row.claimed_at, now)) return { kind: 'claimed' };
    }
    return { kind: 'in_flight', orderId: row.order_id };
  }
  return { kind: 'in_flight', orderId: null };
}
