import type { Kysely } from 'kysely';
import { isEmail } from '@shop/domain/email';

/**
 * The one way services send email (architecture.md, Email): a `Mailer` with two implementations,
 * the `mail.outbox` table (the default, listed by a development page) and SMTP through
 * nodemailer when `SMTP_URL` is set. Callers never know which one they hold.
 */

export interface MailMessage {
  /** One recipient address. */
  to: string;
  subject: string;
  /** The plain-text body (always sent). */
  text: string;
  /** An HTML alternative; every value in it must already be escaped. */
  html?: string;
  /** What the message is for (`confirm_email`, `password_reset`…), for the outbox and logs. */
  kind: string;
  /**
   * The message's own id, `<left@right>` (RFC 5322 Message-ID), for mail that may be handed over
   * twice (an outbox delivered at least once: a sender that died after the hand-over sends it
   * again). The outbox stores a message once per id; SMTP sends it as the Message-ID header, by
   * which receiving systems recognise the repeat. Without it every send is a new message.
   */
  messageId?: string;
  /**
   * For mail a shopper chose to get (a wish list alert): the absolute url that stops this kind
   * with one POST (RFC 8058). SMTP sends an https one as `List-Unsubscribe: <url>` with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, so mail apps show their own unsubscribe
   * button (Gmail and Yahoo require it of bulk senders; the relay's DKIM signature must cover both
   * headers); the outbox keeps it with the message, http too (a shop on this machine).
   */
  listUnsubscribe?: string;
}

/**
 * The headers a message's one-click unsubscribe url becomes (RFC 2369, RFC 8058), or none: the
 * RFC allows only an https url (a plain http one is left to the link in the text).
 */
export function listUnsubscribeHeaders(url: string | undefined): Record<string, string> {
  if (!url?.startsWith('https://')) return {};
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export interface Mailer {
  /** Resolves once the message is stored (outbox) or accepted by the SMTP server; rejects otherwise. */
  send(message: MailMessage): Promise<void>;
  /**
   * Erases every copy this mailer keeps of mail to `address` (compared case-insensitively), for
   * an account being anonymised: the outbox deletes its rows, SMTP keeps none. `within` is a
   * transaction on the database the outbox lives in, so the erasure commits or rolls back with
   * the caller's own changes. Resolves to how many copies were erased.
   */
  forgetRecipient<DB>(address: string, within?: Kysely<DB>): Promise<number>;
}

/** The sender of every message unless the caller configures another. */
export const DEFAULT_MAIL_FROM = 'Thistle Deals <hello@thistledeals.example>';

/** `kind` is a short snake_case word: it lands in the outbox and in logs. */
export const MAIL_KIND = /^[a-z][a-z0-9_]{0,39}$/;

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const HEADER_UNSAFE = /[\u0000-\u001f\u007f]/;

/** Checks what every mailer needs before it sends: one address by the shop's email rule, a header-safe subject, a kind. */
export function assertSendable(message: MailMessage): void {
  if (!MAIL_KIND.test(message.kind)) throw new Error(`Mail kind must be snake_case: ${JSON.stringify(message.kind)}`);
  // The shop's one email rule (domain/src/email.ts), untrimmed: the forms and contracts accept no other address.
  if (typeof message.to !== 'string' || message.to !== message.to.trim() || !isEmail(message.to)) {
    throw new Error('Mail recipient must be one plain address');
  }
  if (!message.subject || HEADER_UNSAFE.test(message.subject)) throw new Error('Mail subject must be one non-empty line');
  if (!message.text) throw new Error('Mail needs a plain-text body');
  if (message.messageId !== undefined && !MESSAGE_ID.test(message.messageId)) throw new Error('Mail message id must look like <left@right>');
  if (message.listUnsubscribe !== undefined && !isHeaderSafeHttpUrl(message.listUnsubscribe)) throw new Error('Mail unsubscribe url must be one absolute http(s) url');
}

/**
 * An absolute http(s) url that can stand between angle brackets in a header: no spaces, controls
 * or brackets, and short enough for one header line (998 characters, RFC 5322; it cannot be folded).
 */
function isHeaderSafeHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[\x21-\x3b\x3d\x3f-\x7e]{1,900}$/.test(value)) return false;
  return URL.canParse(value);
}

/** `<left@right>`: printable ASCII without spaces, angle brackets or a second @. */
const MESSAGE_ID = /^<[\x21-\x3b\x3d\x3f\x41-\x7e]{1,200}@[\x21-\x3b\x3d\x3f\x41-\x7e]{1,200}>$/;
