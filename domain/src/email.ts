/**
 * The one email rule (issue 14): what every form, every service contract and the mailer accept
 * as an address, and the canonical customer key for per-customer limits. Pure: no I/O.
 *
 * The rule is the RFC 5321/5322 "dot-atom" address that SMTP servers take without quoting, with
 * the RFC 6531 internationalised letters (our SMTP transport speaks SMTPUTF8, and shoppers have
 * accounts at addresses such as zoë@example.com):
 * - trimmed first; at most 254 characters in all, exactly one `@`;
 * - the local part is 1–64 characters of letters (any script), digits and
 *   ! # $ % & ' * + / = ? ^ _ ` { | } ~ -, in dot-separated runs (no leading, trailing or double
 *   dot; no quoted strings);
 * - the domain has at least two labels, each 1–63 letters, digits and hyphens, not starting or
 *   ending with a hyphen, and the last one (the top-level domain) is letters only, 2 or more
 *   (or an `xn--` IDN label); no IP literals.
 * So `buyer<b>x</b>@example.com`, `a b@example.com`, `a,b@example.com`, `"a"@example.com`,
 * `a@localhost` and any control, format (zero-width) or space character are refused everywhere,
 * the mailer included.
 */
import { z } from 'zod';

export const EMAIL_MAX = 254;
export const EMAIL_LOCAL_MAX = 64;

const ATOM = "[\\p{L}\\p{M}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const LOCAL = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`, 'u');
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?$/u;
const TOP_LABEL = /^(?:\p{L}[\p{L}\p{M}]{1,62}|xn--[A-Za-z0-9-]{1,59})$/u;

/** The address is one the shop can send to (see the rule above); surrounding spaces are allowed (they are trimmed). */
export function isEmail(value: string): boolean {
  if (typeof value !== 'string') return false;
  const v = value.trim();
  if (v.length === 0 || v.length > EMAIL_MAX) return false;
  const at = v.indexOf('@');
  if (at <= 0 || at !== v.lastIndexOf('@')) return false;
  const local = v.slice(0, at);
  const domain = v.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX || !LOCAL.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return false;
  return TOP_LABEL.test(labels[labels.length - 1]!);
}

/**
 * The form an address is stored and shown in, and accounts and subscriptions are keyed by:
 * trimmed, Unicode NFC, lower case (the whole address: no two accounts differ only by case).
 */
export function normaliseEmail(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}

/**
 * The zod field every form and contract validates an email with: required, then the rule above
 * with the form's own message (spec §5: 'Enter a valid email', 'Please enter a valid email',
 * 'Invalid Email. Please enter a valid email address.'), then normalised.
 */
export function emailSchema(message: string, requiredMessage = 'Required field') {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .refine(isEmail, { error: message })
    .transform(normaliseEmail);
}

/** Mail providers whose addresses ignore dots in the local part, and the domain they are one with. */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The canonical customer key of an address, for per-customer purchase caps and one-per-customer
 * promo codes (never shown, never mailed to: the order keeps the address as typed). Rules:
 * 1. normalised (trimmed, NFC, lower case);
 * 2. a `+tag` is dropped from the local part (`ann+deals@x.com` → `ann@x.com`), for every domain;
 * 3. gmail.com and googlemail.com ignore dots in the local part and are one mailbox:
 *    `A.n.n+x@googlemail.com` → `ann@gmail.com`.
 * A local part that would be left empty (`+x@x.com`) is kept as it was.
 */
export function canonicalEmail(email: string): string {
  const v = normaliseEmail(email);
  const at = v.lastIndexOf('@');
  if (at <= 0) return v;
  let local = v.slice(0, at);
  let domain = v.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    const stripped = local.replace(/\./g, '');
    if (stripped) local = stripped;
    domain = dotless;
  }
  return `${local}@${domain}`;
}
