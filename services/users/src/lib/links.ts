/**
 * Links in emails: PUBLIC_BASE_URL + ACCOUNT_LINK_PATHS + `?token=` (never the Host header:
 * OWASP Forgot Password, reliability A7), and the signed preferences tokens, HMAC-SHA256 with a
 * secret kept in the database (made on first use, so links survive restarts) unless one is given.
 */
import { randomBytes } from 'node:crypto';
import { ACCOUNT_LINK_PATHS } from '@shop/domain/accounts';
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
