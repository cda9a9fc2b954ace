/**
 * The points ledger's invariants (README "The ledger"), checked after every test: each member's
 * cached figures equal the sums of its events, nothing below 0, pending equals its pending
 * orders, and every exchange has exactly one wallet credit of its value.
 */
import { sql } from 'kysely';
import type { RewardsDb } from './db/database.ts';

export async function ledgerViolations(db: RewardsDb): Promise<string[]> {
  const out: string[] = [];
  const sums = await sql<{ customer_token: string; points: number; pending: number; lifetime: number; s_points: number; s_pending: number; s_lifetime: number }>`
    select m.customer_token, m.points, m.pending, m.lifetime,
      coalesce(sum(e.points), 0)::int as s_points, coalesce(sum(e.pending), 0)::int as s_pending,
      coalesce(sum(greatest(e.points, 0)), 0)::int as s_lifetime
    from rewards.member m left join rewards.points_event e on e.customer_token = m.customer_token
    group by m.customer_token, m.points, m.pending, m.lifetime`.execute(db);
  for (const r of sums.rows) {
    if (Number(r.points) !== Number(r.s_points)) out.push(`${r.customer_token}: points ${r.points} ≠ Σ events ${r.s_points}`);
    if (Number(r.pending) !== Number(r.s_pending)) out.push(`${r.customer_token}: pending ${r.pending} ≠ Σ events ${r.s_pending}`);
    if (Number(r.lifetime) !== Number(r.s_lifetime)) out.push(`${r.customer_token}: lifetime ${r.lifetime} ≠ Σ earned ${r.s_lifetime}`);
    if (Number(r.points) < 0 || Number(r.pending) < 0) out.push(`${r.customer_token}: below 0`);
  }
  const pending = await sql<{ customer_token: string }>`select m.customer_token from rewards.member m
    where m.pending <> coalesce((select sum(points) from rewards.order_points p where p.customer_token = m.customer_token and p.state = 'pending'), 0)`.execute(db);
  for (const r of pending.rows) out.push(`${r.customer_token}: pending ≠ its pending orders`);
  const exchanges = await sql<{ customer_token: string; ref: string }>`select x.customer_token, x.ref from rewards.exchange x
    where (select count(*) from rewards.points_event e where e.kind = 'exchange' and e.ref = 'rewards-exchange:' || x.customer_token || ':' || x.ref and e.points = -x.points) <> 1`.execute(db);
  for (const r of exchanges.rows) out.push(`exchange ${r.customer_token}/${r.ref}: not exactly one event`);
  const { rows } = await sql<{ present: boolean }>`select to_regclass('wallet.ledger_transaction') is not null as present`.execute(db);
  if (rows[0]?.present) {
    const credits = await sql<{ ref: string }>`select x.ref from rewards.exchange x
      where (select count(*) from wallet.ledger_transaction t join wallet.entry en on en.transaction_id = t.id join wallet.account a on a.id = en.account_id and a.owner_type = 'customer'
             where t.kind = 'credit' and t.ref = 'rewards-exchange:' || x.customer_token || ':' || x.ref and en.amount = x.credit_pence) <> 1`.execute(db);
    for (const r of credits.rows) out.push(`exchange ${r.ref}: not exactly one wallet credit of its value`);
  }
  return out;
}
