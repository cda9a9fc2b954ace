/**
 * Reliability C5 with a real kill -9 (PostgreSQL): the reminders job runs as its own process
 * (test/reminders-child.ts) and SIGKILLs itself at a seeded random point — inside a batch's
 * transaction, after recording, or after handing a message to the mailer — then runs again
 * without the fault. Each time: every reminder due recorded once and in the outbox exactly once
 * (its Message-ID), none left unsent, and a third run changes nothing (same state hash).
 */
import { createHash, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { endOfLondonDayAfter } from '@shop/domain/london-time';
import { listOutbox, migrateMail } from '@shop/platform';
import { mulberry32 } from '@shop/platform/random';
import { openFreshPostgres } from '@shop/platform/test-databases';
import { vouchersFixture, type VouchersFixture } from '../test/fixture.ts';
import { runChild } from '@shop/platform/test-child';
import { reminderMessageId, type ReminderFaultPoint } from './reminders.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const child = fileURLToPath(new URL('./test/reminders-child.ts', import.meta.url));
// Reliability C5 asks 20 seeded kills; CI runs the fast tier (each run starts three processes).
const RUNS = process.env.CI === 'true' ? 6 : 20;
const POINTS: ReminderFaultPoint[] = ['before-commit', 'after-record', 'after-send'];

const runJob = (env: Record<string, string>) => runChild(child, env);

describe.skipIf(!adminUrl)('C5: the reminders job killed -9 mid-run (PostgreSQL, a real process)', () => {
  let f: VouchersFixture;
  let url = '';
  beforeAll(async () => {
    f = await vouchersFixture(async () => {
      const database = await openFreshPostgres(adminUrl!, { prefix: 'reminders_c5' });
      url = database.url;
      return database;
    });
    await migrateMail(f.database.db);
  });
  afterAll(async () => {
    await f?.close();
  });

  it(`after a kill at a random point and a restart, each reminder is sent exactly once (×${RUNS})`, async () => {
    const random = mulberry32(16_09);
    const kills: string[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const token = `ct-c5-${randomUUID()}`;
      const email = `c5.${run}.${randomUUID().slice(0, 8)}@example.com`;
      const now = f.clock.now;
      const days = [25, 20, 12, 6, 3, 1, 0];
      const vouchers = [];
      for (const d of days) vouchers.push(...(await f.issue(token, 1, { expiresAt: endOfLondonDayAfter(now, d) })));
      const expected = vouchers.map((v, i) => reminderMessageId(v.id, days[i]! > 7 ? '30d' : days[i]! > 1 ? '7d' : '1d')).sort();
      // Each kill point in turn (so even the fast tier covers all three); where it hits is seeded.
      const point = POINTS[run % POINTS.length]!;
      // after-record comes once a run; the others once a batch (3 of them) or once a message (7).
      const at = point === 'after-record' ? 1 : 1 + Math.floor(random() * 3);
      const env = { DATABASE_URL: url, NOW: now.toISOString(), HOLDER_EMAILS: JSON.stringify({ [token]: email }), BATCH: '3' };

      const killed = await runJob({ ...env, KILL_AT: `${point}:${at}` });
      expect(killed.signal, killed.out).toBe('SIGKILL');
      kills.push(`${point}:${at}`);
      const recovered = await runJob(env);
      expect(recovered.code, recovered.out).toBe(0);

      const mails = await listOutbox(f.database.db, { to: email, limit: 50 });
      expect(mails.map((m) => m.messageId).sort(), `${point}:${at}`).toEqual(expected);
      const reminders = (await sql<{ kind: string; sent_at: Date | null }>`select kind, sent_at from vouchers.reminder where voucher_id in (${sql.join(vouchers.map((v) => v.id))})`.execute(f.database.db)).rows;
      expect(reminders).toHaveLength(vouchers.length);
      expect(reminders.filter((r) => r.sent_at === null)).toEqual([]);

      // A third run: no further effect.
      const state = async () =>
        createHash('sha256')
          .update(JSON.stringify((await sql`select voucher_id, kind, message_id, sent_at, attempts from vouchers.reminder order by voucher_id, kind`.execute(f.database.db)).rows))
          .update(JSON.stringify((await sql`select message_id, to_address, subject, text_body from mail.outbox order by id`.execute(f.database.db)).rows))
          .digest('hex');
      const before = await state();
      const again = await runJob(env);
      expect(again.out.trim()).toBe('{"recorded":0,"sent":0}');
      expect(await state()).toBe(before);
    }
    // The seeded points cover every kind of kill.
    expect(new Set(kills.map((k) => k.split(':')[0]))).toEqual(new Set(POINTS));
  }, 300_000);
});
