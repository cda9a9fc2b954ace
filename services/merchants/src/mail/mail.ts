/**
 * The mail the merchants service owes (issue 17): written into merchants.mail in the same
 * transaction as the application or decision it is about, then handed to the platform Mailer
 * at least once (the checkout's order-mail pattern): claimed with a lease, marked sent after the
 * Mailer took it; a sender that died in between leaves the lease to lapse and the next run hands
 * it over again with the same Message-ID, which the outbox keeps once.
 */
import { sql } from 'kysely';
import type { Mailer } from '@shop/platform';
import { inMerchants, type AnyDb } from '../db/database.ts';

export const MAIL_LEASE_MS = 5 * 60 * 1000;
/** How often the shop's job hands over mail a request could not (the Mailer down). */
export const MERCHANT_MAIL_EVERY_MS = 60 * 1000;

export interface QueuedMail {
  kind: 'merchant_application' | 'merchant_approved' | 'merchant_rejected';
  to: string;
  subject: string;
  text: string;
}

export const merchantMailMessageId = (id: string | number) => `<merchant-mail-${id}@merchants.thistledeals.example>`;

/** Writes a message to send, on the caller's transaction; its id (the request that wrote it sends just that one). */
export async function queueMail(trx: AnyDb, mail: QueuedMail, now: Date): Promise<string> {
  const row = await inMerchants(trx).insertInto('mail').values({ kind: mail.kind, to_address: mail.to, subject: mail.subject, text_body: mail.text, created_at: now }).returning('id').executeTakeFirstOrThrow();
  return String(row.id);
}

export interface MailDeps {
  db: AnyDb;
  mailer: Mailer;
  now: () => Date;
  log: (message: string, fields: Record<string, unknown>) => void;
}

/** After this long unsent (the relay refusing it all day), a message is given up and logged. */
export const MAIL_GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
/** A message the Mailer refused waits this long before it is tried again. */
export const MAIL_RETRY_AFTER_MS = 60 * 1000;

/**
 * Hands unsent mail to the Mailer, oldest first, one message claimed at a time (a slow relay never
 * outlasts the lease of messages still waiting their turn); `onlyId`: just that one (a request
 * sends its own message, never the backlog). A refused message waits MAIL_RETRY_AFTER_MS; one
 * unsent for MAIL_GIVE_UP_AFTER_MS is no longer tried. Returns how many went.
 */
export async function deliverMerchantMail(deps: MailDeps, limit = 50, onlyId?: string | number): Promise<number> {
  let sent = 0;
  for (let i = 0; i < limit; i++) {
    const now = deps.now();
    const only = onlyId === undefined ? sql`` : sql`and id = ${String(onlyId)}`;
    const row = (
      await sql<{ id: string | number; kind: string; to_address: string; subject: string; text_body: string }>`
        update merchants.mail set claimed_until = ${new Date(now.getTime() + MAIL_LEASE_MS)}, attempts = attempts + 1
        where id = (
          select id from merchants.mail
          where sent_at is null and (claimed_until is null or claimed_until < ${now}) and created_at >= ${new Date(now.getTime() - MAIL_GIVE_UP_AFTER_MS)} ${only}
          order by id limit 1 for update skip locked)
        returning id, kind, to_address, subject, text_body`.execute(deps.db)
    ).rows[0];
    if (!row) break;
    try {
      await deps.mailer.send({ to: row.to_address, subject: row.subject, text: row.text_body, kind: row.kind, messageId: merchantMailMessageId(row.id) });
    } catch (err) {
      await inMerchants(deps.db).updateTable('mail').set({ claimed_until: new Date(deps.now().getTime() + MAIL_RETRY_AFTER_MS) }).where('id', '=', String(row.id)).execute();
      deps.log('[merchants] mail not sent', { id: Number(row.id), kind: row.kind, error: err instanceof Error ? err.message : String(err) });
      continue;
    }
    await inMerchants(deps.db).updateTable('mail').set({ sent_at: deps.now() }).where('id', '=', String(row.id)).execute();
    sent += 1;
  }
  return sent;
}

// ---------------------------------------------------------------------------------------------
// The messages

const SHOP = 'Thistle Deals';

export function applicationReceivedMail(a: { email: string; contactName: string; businessName: string; id: number }): QueuedMail {
  return {
    kind: 'merchant_application',
    to: a.email,
    subject: `We have your application, ${a.businessName}`,
    text: [
      `Hello ${a.contactName},`,
      '',
      `Thank you for applying to sell with ${SHOP}. We have your application for ${a.businessName} (reference M${a.id}).`,
      '',
      'Our team checks every business before its first deal goes live. We will email you at this address when we have decided, usually within two working days.',
      '',
      `If you did not apply, you can ignore this email.`,
    ].join('\n'),
  };
}

/** `account`: the applicant's account is confirmed (the owner now), registered but not confirmed, or none. */
export function approvedMail(a: { email: string; contactName: string; businessName: string }, links: { login: string; register: string }, account: 'confirmed' | 'unconfirmed' | 'none'): QueuedMail {
  return {
    kind: 'merchant_approved',
    to: a.email,
    subject: `${a.businessName} is approved to sell with ${SHOP}`,
    text: [
      `Hello ${a.contactName},`,
      '',
      `Good news: ${a.businessName} is approved. Your merchant dashboard shows your deals, sales and redemptions.`,
      '',
      account === 'confirmed'
        ? `Sign in with this email address to open it: ${links.login}`
        : account === 'unconfirmed'
          ? `First confirm this email address with the link we sent when you registered, then sign in and your business will be waiting on your dashboard: ${links.login}`
          : `Create your account with this email address and confirm it, and your business will be waiting on your dashboard: ${links.register}`,
      '',
      'We will be in touch about your first deal.',
    ].join('\n'),
  };
}

export function rejectedMail(a: { email: string; contactName: string; businessName: string }, reason: string): QueuedMail {
  return {
    kind: 'merchant_rejected',
    to: a.email,
    subject: `Your application for ${a.businessName}`,
    text: [`Hello ${a.contactName},`, '', `Thank you for applying to sell with ${SHOP}. We are sorry, but we cannot take ${a.businessName} on at the moment.`, '', `Our reason: ${reason}`, '', 'You are welcome to apply again when things change.'].join('\n'),
  };
}
