/**
 * Expiry reminders (issue 16 point 9): emails 30, 7 and 1 days before a voucher expires, each
 * with a one-tap link to extend it (point 7) and, within 14 days of purchase, to refund it. Each
 * kind goes once per voucher, crash safe (reliability C5), in two steps like the checkout's mail:
 *
 * 1. Record (one transaction a batch): the vouchers Ready to Redeem of a holder whose expiry is
 *    within a reminder's window get a `reminder` row for the most urgent kind due, with the whole
 *    email (on conflict nothing: the primary key (voucher_id, kind) makes a kind once).
 * 2. Send: rows not handed over yet go to the mailer with a stable Message-ID per voucher and
 *    kind, then are marked sent. A crash between the two sends the same message again, which the
 *    outbox (unique Message-ID) stores once and a mail server recognises as the same message.
 *
 * Only Ready to Redeem: a Booked voucher has its date, and only a Ready one can be extended or
 * refunded. A guest's voucher (no holder) has no account to sign in with to extend it: none.
 */
import { receivedGiftSql } from '../gifts/gifts.store.ts';
import { sql } from 'kysely';
import type { Mailer } from '@shop/platform';
import { londonDateInWords } from '@shop/domain/london-time';
import { VOUCHER_EXTENSION_MAX_MONTHS, refundableUntil } from '@shop/domain/voucher-status';
import { expiresInWords, reminderWindowEnds, type ReminderKind } from '@shop/domain/voucher-extension';
import { inVouchers, type AnyDb } from '../db/database.ts';

export const REMIND_EVERY_MS = 60 * 60 * 1000;
export const REMIND_BATCH = 200;
const SEND_BATCH = 100;

/** Where a test kills or fails the job (C5): inside a batch's transaction, after the batches are recorded, after a message is handed over. */
export type ReminderFaultPoint = 'before-commit' | 'after-record' | 'after-send';

export interface ReminderDeps {
  db: AnyDb;
  mailer: Mailer;
  now: () => Date;
  /** The shop's public origin: the links of the email. */
  publicBaseUrl: string;
  /**
   * The email of each holder that has one (the users service's accounts); others get no reminder.
   * Read on `within`, the batch's transaction (one connection on PGlite: never a second handle).
   */
  holderEmails: (customerTokens: string[], within: AnyDb) => Promise<Map<string, string>>;
  log?: (message: string, fields: Record<string, unknown>) => void;
  /** Tests: called at each fault point (throws or kills the process there). */
  fault?: (point: ReminderFaultPoint) => void;
}

export const reminderMessageId = (voucherId: string, kind: ReminderKind) => `<${voucherId}.expiry-${kind}@vouchers.thistledeals.example>`;

interface DueVoucher {
  id: string;
  customer_token: string;
  title: string;
  order_number: string;
  expires_at: Date;
  paid_at: Date;
  extended_months: number;
  kind: ReminderKind;
  /** A gift received (gifts/): its extension and refund are the buyer's, so the mail offers neither. */
  gift_received?: boolean;
}

/** Records then sends every reminder due at `now`; how many were recorded and handed over. */
export async function remindExpiringVouchers(deps: ReminderDeps, batch = REMIND_BATCH): Promise<{ recorded: number; sent: number }> {
  const recorded = await recordDueReminders(deps, batch);
  deps.fault?.('after-record');
  const sent = await sendReminders(deps);
  return { recorded, sent };
}

/** Step 1: a reminder row with its email for each voucher due one, batch by batch (each one transaction). */
export async function recordDueReminders(deps: ReminderDeps, batch = REMIND_BATCH): Promise<number> {
  const now = deps.now();
  const ends = reminderWindowEnds(now);
  let total = 0;
  // Keyset over (expires_at, id): a holder with no email is passed over, never read again this run.
  let after: { expiresAt: Date; id: string } | null = null;
  for (let round = 0; round < 10_000; round++) {
    const cursor: { expiresAt: Date; id: string } | null = after;
    type Cursor = { expiresAt: Date; id: string };
    const { count, last } = await deps.db.transaction().execute(async (trx): Promise<{ count: number; last: Cursor | null }> => {
      const { rows } = await sql<DueVoucher>`
        select v.id, v.customer_token, v.title, v.order_number, v.expires_at, v.paid_at, v.extended_months, k.kind, ${receivedGiftSql('v.id')} as gift_received
        from vouchers.voucher v
        cross join lateral (
          select case when v.expires_at <= ${ends['1d']} then '1d' when v.expires_at <= ${ends['7d']} then '7d' else '30d' end as kind
        ) k
        where v.status = 'Ready to Redeem' and v.customer_token is not null
          and v.expires_at > ${now} and v.expires_at <= ${ends['30d']}
          and not exists (select 1 from vouchers.reminder r where r.voucher_id = v.id and r.kind = k.kind)
          ${cursor ? sql`and (v.expires_at, v.id) > (${cursor.expiresAt}, ${cursor.id}::uuid)` : sql``}
        order by v.expires_at, v.id
        limit ${batch}
        for update of v skip locked`.execute(trx);
      if (rows.length === 0) return { count: 0, last: null };
      const emails = await deps.holderEmails([...new Set(rows.map((r) => r.customer_token))], trx);
      const reminders = rows.flatMap((v) => {
        const to = emails.get(v.customer_token);
        if (!to) return [];
        const mail = reminderMail(deps.publicBaseUrl, v, now);
        return [{ voucher_id: v.id, kind: v.kind, to_address: to, subject: mail.subject, text_body: mail.text, message_id: reminderMessageId(v.id, v.kind), expires_at: new Date(v.expires_at), created_at: now }];
      });
      const inserted = reminders.length ? await inVouchers(trx).insertInto('reminder').values(reminders).onConflict((oc) => oc.columns(['voucher_id', 'kind']).doNothing()).returning('voucher_id').execute() : [];
      deps.fault?.('before-commit');
      const lastRow = rows[rows.length - 1]!;
      return { count: inserted.length, last: rows.length < batch ? null : { expiresAt: new Date(lastRow.expires_at), id: lastRow.id } };
    });
    total += count;
    if (!last) return total;
    after = last;
  }
  return total;
}

/** Step 2: hands the reminders not sent yet to the mailer (stable Message-ID), then marks them sent. */
export async function sendReminders(deps: ReminderDeps): Promise<number> {
  const rows = await inVouchers(deps.db).selectFrom('reminder').selectAll().where('sent_at', 'is', null).orderBy('created_at').orderBy('message_id').limit(SEND_BATCH).execute();
  let sent = 0;
  for (const row of rows) {
    try {
      await deps.mailer.send({ to: row.to_address, subject: row.subject, text: row.text_body, kind: 'voucher_expiry_reminder', messageId: row.message_id });
    } catch (err) {
      // Left unsent: the next run hands it over again.
      await inVouchers(deps.db).updateTable('reminder').set({ attempts: sql`attempts + 1` }).where('voucher_id', '=', row.voucher_id).where('kind', '=', row.kind).execute();
      deps.log?.('[vouchers] expiry reminder not sent', { voucherId: row.voucher_id, kind: row.kind, error: err instanceof Error ? err.message : String(err) });
      continue;
    }
    deps.fault?.('after-send');
    await inVouchers(deps.db)
      .updateTable('reminder')
      .set({ sent_at: deps.now(), attempts: sql`attempts + 1` })
      .where('voucher_id', '=', row.voucher_id)
      .where('kind', '=', row.kind)
      .where('sent_at', 'is', null)
      .execute();
    sent += 1;
  }
  return sent;
}

/** The reminder's words: the voucher, its expiry in London words, the extension link and, within 14 days of paying, the refund one. */
export function reminderMail(publicBaseUrl: string, v: Pick<DueVoucher, 'id' | 'title' | 'order_number' | 'expires_at' | 'paid_at' | 'extended_months' | 'gift_received'>, now: Date): { subject: string; text: string } {
  const base = publicBaseUrl.replace(/\/$/, '');
  const expiresAt = new Date(v.expires_at);
  const on = londonDateInWords(expiresAt);
  const refundBy = refundableUntil(new Date(v.paid_at));
  const canExtend = v.extended_months < VOUCHER_EXTENSION_MAX_MONTHS;
  if (v.gift_received) {
    // A gift received: its extension is paid on the buyer's order and its refund is theirs, so neither is offered.
    const text = [`Your voucher for ${v.title} expires ${expiresInWords(expiresAt, now)}, on ${on}.`, '', 'It was a gift: use it before then.', '', `See all your vouchers in My Vouchers: ${base}/myaccount/vouchers`].join('\n');
    return { subject: `Your voucher for ${v.title} expires on ${on}`, text };
  }
  const text = [
    `Your voucher for ${v.title} (order ${v.order_number}) expires ${expiresInWords(expiresAt, now)}, on ${on}.`,
    '',
    ...(canExtend
      ? [`Need more time? Extend its validity by up to ${VOUCHER_EXTENSION_MAX_MONTHS - v.extended_months} month${VOUCHER_EXTENSION_MAX_MONTHS - v.extended_months === 1 ? '' : 's'}: ${base}/voucher/extend/${v.id}`, '']
      : ['It has been extended by the most it can be, so use it before then.', '']),
    ...(now.getTime() <= refundBy.getTime() ? [`Changed your mind? You can refund it until ${londonDateInWords(refundBy)}: ${base}/myaccount/vouchers`, ''] : []),
    `See all your vouchers in My Vouchers: ${base}/myaccount/vouchers`,
  ].join('\n');
  return { subject: `Your voucher for ${v.title} expires on ${on}`, text };
}
