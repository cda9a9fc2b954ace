/**
 * Reliability C5 for the expiry job with a real kill -9 (PostgreSQL): the job runs as its own
 * process (test/expiry-child.ts) and SIGKILLs itself at a seeded random point (inside a batch's
 * transaction, or just after a commit), then runs again without the fault; and two runs go at
 * once. Each time: every voucher due is Expired with exactly one expire event, nothing else moved,
 * and a further run changes nothing (the same state hash).
 */
import { createHash, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { mulberry32 } from '@shop/platform/random';
import { openFreshPostgres } from '@shop/platform/test-databases';
import { vouchersFixture, type VouchersFixture } from '../test/fixture.ts';
import { runChild } from '@shop/platform/test-child';
import type { ExpiryFaultPoint } from './expiry.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const child = fileURLToPath(new URL('./test/expiry-child.ts', import.meta.url));
// Reliability C5 asks 20 seeded kills; CI runs the fast tier (each run starts three processes).
const RUNS = process.env.CI === 'true' ? 6 : 20;
const POINTS: ExpiryFaultPoint[] = ['before-commit', 'after-commit'];
const DAY = 86_400_000;

const runJob = (env: Record<string, string>) => runChild(child, env);

describe.skipIf(!adminUrl)('C5: the expiry job killed -9 mid-run, and two runs at once (PostgreSQL, real processes)', () => {
  let f: VouchersFixture;
  let url = '';
  beforeAll(async () => {
    f = await vouchersFixture(async () => {
      const database = await openFreshPostgres(adminUrl!, { prefix: 'expiry_c5' });
      url = database.url;
      return database;
    });
  });
  afterAll(async () => {
    await f?.close();
  });

  const state = async () =>
    createHash('sha256')
      .update(JSON.stringify((await sql`select id, status, updated_at from vouchers.voucher order by id`.execute(f.database.db)).rows))
      .update(JSON.stringify((await sql`select voucher_id, event, to_status, at from vouchers.voucher_event order by voucher_id, id`.execute(f.database.db)).rows))
      .digest('hex');

  /** A shopper's 7 vouchers past their date and 2 still valid. */
  async function dueAndValid() {
    const token = `ct-expiry-${randomUUID()}`;
    const now = f.clock.now;
    const due = await f.issue(token, 7, { paidAt: new Date(now.getTime() - 100 * DAY), expiresAt: new Date(now.getTime() - DAY) });
    const valid = await f.issue(token, 2, { expiresAt: new Date(now.getTime() + DAY) });
    return { due, valid };
  }

  async function checkExpiredOnce(due: { id: string }[], valid: { id: string }[]) {
    const ids = [...due, ...valid].map((v) => v.id);
    const rows = (
      await sql<{ id: string; status: string; expires: number }>`select v.id, v.status, (select count(*)::int from vouchers.voucher_event e where e.voucher_id = v.id and e.event = 'expire') as expires
        from vouchers.voucher v where v.id in (${sql.join(ids)})`.execute(f.database.db)
    ).rows;
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const v of due) expect(byId.get(v.id)).toMatchObject({ status: 'Expired', expires: 1 });
    for (const v of valid) expect(byId.get(v.id)).toMatchObject({ status: 'Ready to Redeem', expires: 0 });
  }

  it(`after a kill at a random point and a restart, each voucher due is expired exactly once (×${RUNS})`, async () => {
    const random = mulberry32(16_02);
    const kills: string[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const { due, valid } = await dueAndValid();
      // Each kill point in turn (so even the fast tier covers both); the batch it hits is seeded.
      const point = POINTS[run % POINTS.length]!;
      // Batches of 3: the 7 due make 3 batches, so the kill can come at any of them.
      const at = 1 + Math.floor(random() * 3);
      const env = { DATABASE_URL: url, NOW: f.clock.now.toISOString(), BATCH: '3' };
      const killed = await runJob({ ...env, KILL_AT: `${point}:${at}` });
      expect(killed.signal, killed.out).toBe('SIGKILL');
      kills.push(`${point}:${at}`);
      const recovered = await runJob(env);
      expect(recovered.code, recovered.out).toBe(0);
      await checkExpiredOnce(due, valid);
      const before = await state();
      const again = await runJob(env);
      expect(again.out.trim()).toBe('{"expired":0}');
      expect(await state()).toBe(before);
    }
    expect(new Set(kills.map((k) => k.split(':')[0]))).toEqual(new Set(POINTS));
  }, 300_000);

  it('two runs at once expire each voucher due once between them', async () => {
    const { due, valid } = await dueAndValid();
    const env = { DATABASE_URL: url, NOW: f.clock.now.toISOString(), BATCH: '2' };
    const [a, b] = await Promise.all([runJob(env), runJob(env)]);
    expect([a.code, b.code], a.out + b.out).toEqual([0, 0]);
    const total = [a, b].reduce((n, r) => n + (JSON.parse(r.out.trim()) as { expired: number }).expired, 0);
    expect(total).toBe(due.length);
    await checkExpiredOnce(due, valid);
  }, 120_000);
});
