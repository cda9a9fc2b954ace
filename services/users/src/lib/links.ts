/**
 * Links in emails: PUBLIC_BASE_URL + ACCOUNT_LINK_PATHS + `?token=` (never the Host header:
 * OWASP Forgot Password, reliability A7), and the signed preferences tokens, HMAC-SHA256 with a
 * secret kept in the database (made on first use, so links survive restarts) unless one is given.
 */
import { randomBytes } from 'node:crypto';
import { ACCOUNT_LINK_PATHS } from '@shop/domain/accounts';
import type { WishlistAlertKind } from '@shop/domain/wishlist-alerts';
import type { UsersDb } from '../db/database.ts';
import { hmacBase64url, macEquals } from './crypto.ts';

export type LinkPage = keyof typeof ACCOUNT_LINK_PATHS;

export interface Links {
  /** The absolute URL of an account page carrying a token. */
  url(page: LinkPage, token: string): string;
  /** The absolute URL of a page of the shop (a path such as /login). */
  page(path: string): string;
  /** The signed token of a subscription's preferences link. */
  preferencesToken(subscriptionId: number, email: string): Promise<string>;
  /** The subscription id a preferences token was signed for, or null; the caller checks the email with `verifyPreferences`. */
  parsePreferencesToken(token: string): number | null;
  verifyPreferences(token: string, subscriptionId: number, email: string): Promise<boolean>;
  /** The signed token of a wish list alert's unsubscribe link (one kind, one account at one address). */
  alertToken(userId: number, kind: WishlistAlertKind, email: string): Promise<string>;
  /** The account and kind an alert token was signed for, or null; the caller checks the email with `verifyAlert`. */
  parseAlertToken(token: string): { userId: number; kind: WishlistAlertKind } | null;
  verifyAlert(token: string, userId: number, kind: WishlistAlertKind, email: string): Promise<boolean>;
}

/** Checks PUBLIC_BASE_URL once: an absolute http(s) URL with no query or fragment. */
export function normaliseBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`publicBaseUrl must be an absolute URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('publicBaseUrl must be http(s)');
  if (url.search || url.hash || url.username || url.password) throw new Error('publicBaseUrl must have no query, fragment or credentials');
  return url.toString().replace(/\/+$/, '');
}

const PREFS_TOKEN = /^p1\.([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/;
/** a1.{p|b}.{account id}.{mac}: p price drops, b back on sale. */
const ALERT_TOKEN = /^a1\.([pb])\.([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/;
const ALERT_LETTER: Record<WishlistAlertKind, 'p' | 'b'> = { price_drop: 'p', back_in_stock: 'b' };

export function createLinks(options: { db: UsersDb; publicBaseUrl: string; linkSecret?: string | undefined }): Links {
  const base = normaliseBaseUrl(options.publicBaseUrl);
  if (options.linkSecret !== undefined && options.linkSecret.length < 32) throw new Error('linkSecret must be at least 32 characters');
  let secret: Promise<string> | undefined = options.linkSecret ? Promise.resolve(options.linkSecret) : undefined;
  const getSecret = () => {
    if (!secret) {
      secret = loadOrCreateSecret(options.db);
      secret.catch(() => (secret = undefined));
    }
    return secret;
  };
  const mac = async (id: number, email: string) => hmacBase64url(await getSecret(), `preferences\u0000${id}\u0000${email}`);
  // The address is signed too: a link stops working once the account's address changes or is erased.
  const alertMac = async (userId: number, kind: WishlistAlertKind, email: string) => hmacBase64url(await getSecret(), `wishlist-alert\u0000${kind}\u0000${userId}\u0000${email.toLowerCase()}`);
  return {
    url: (page, token) => `${base}${ACCOUNT_LINK_PATHS[page]}?token=${encodeURIComponent(token)}`,
    page: (path) => `${base}${path}`,
    async preferencesToken(id, email) {
      return `p1.${id}.${await mac(id, email)}`;
    },
    parsePreferencesToken(token) {
      const m = PREFS_TOKEN.exec(token);
      return m ? Number(m[1]) : null;
    },
    async verifyPreferences(token, id, email) {
      const m = PREFS_TOKEN.exec(token);
      return !!m && Number(m[1]) === id && macEquals(m[2]!, await mac(id, email));
    },
    async alertToken(userId, kind, email) {
      return `a1.${ALERT_LETTER[kind]}.${userId}.${await alertMac(userId, kind, email)}`;
    },
    parseAlertToken(token) {
      const m = ALERT_TOKEN.exec(token);
      return m ? { userId: Number(m[2]), kind: m[1] === 'p' ? 'price_drop' : 'back_in_stock' } : null;
    },
    async verifyAlert(token, userId, kind, email) {
      const m = ALERT_TOKEN.exec(token);
      return !!m && Number(m[2]) === userId && m[1] === ALERT_LETTER[kind] && macEquals(m[3]!, await alertMac(userId, kind, email));
    },
  };
}

/** The first start writes a random secret; every later start (and every instance) reads the same one. */
async function loadOrCreateSecret(db: UsersDb): Promise<string> {
  const users = db.withSchema('users');
  await users
    .insertInto('link_secret')
    .values({ id: 1, secret: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await users.selectFrom('link_secret').select('secret').where('id', '=', 1).executeTakeFirstOrThrow();
  return row.secret;
}
