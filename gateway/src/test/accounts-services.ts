/**
 * The real services an account journey needs, in process, on one fresh database (PGlite, or
 * PostgreSQL when TEST_DATABASE_URL is set): the deals service (a small seeded catalogue), the
 * search service (synced from it) and the users service with the outbox mailer. Plus a browser-
 * like GraphQL client that keeps cookies as a browser does, and helpers that read the links out
 * of the outbox.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- response data is asserted on, not typed */
import { ACCOUNT_LINK_PATHS } from '@shop/domain/accounts';
import { createMailer, listOutbox, migrateMail, type OutboxMessage } from '@shop/platform';
import { sql, type Kysely } from 'kysely';
import type { OpenTestDatabase } from '@shop/platform/test-databases';
import { createSearchApp, migrateSearch, syncSearchIndex } from '@shop/search';
import { createUsersApp, migrateUsers, type RateLimits, type UsersApp } from '@shop/users';
import { openSeededDeals } from './deals-service.ts';
import { TEST_TOKEN } from './helpers.ts';

export const PUBLIC_BASE_URL = 'http://shop.test';
/** Deals seeded for account tests (recently viewed ids, recommendations). */
export const ACCOUNT_TEST_DEALS = 60;

export interface AccountServices {
  dealsApp: { fetch(request: Request): Response | Promise<Response> };
  searchApp: { fetch(request: Request): Response | Promise<Response> };
  usersApp: UsersApp;
  /** Lines the users service logged. */
  usersLog: { message: string; fields: Record<string, unknown> }[];
  /** Mail to the address, newest first, once the users service's background work is done. */
  mail(to: string): Promise<OutboxMessage[]>;
  /** The token of the newest link to `page` in the mail to `to`. */
  linkToken(to: string, page: keyof typeof ACCOUNT_LINK_PATHS): Promise<string>;
  listOutbox(options: { limit: number; to?: string }): Promise<OutboxMessage[]>;
  /** What staff do to lock an account (failed sign-ins never lock: issue 14 #5). */
  lockAccount(email: string): Promise<void>;
  /** The one database under the services, for tests that run the shop's jobs on it (wish list alerts). */
  db: Kysely<any>;
  close(): Promise<void>;
}

export async function openAccountServices(open: OpenTestDatabase, options: { rateLimits?: Partial<RateLimits> } = {}): Promise<AccountServices> {
  const seeded = await openSeededDeals(open, ACCOUNT_TEST_DEALS);
  const db = seeded.database.db;
  try {
    await migrateSearch(db);
    await syncSearchIndex({ db, deals: { app: seeded.app }, serviceToken: TEST_TOKEN });
    await migrateMail(db);
    await migrateUsers(db);
  } catch (error) {
    await seeded.close();
    throw error;
  }
  const usersLog: AccountServices['usersLog'] = [];
  const usersApp = createUsersApp({
    db,
    serviceToken: TEST_TOKEN,
    mailer: createMailer({ db }),
    publicBaseUrl: PUBLIC_BASE_URL,
    log: (message, fields) => void usersLog.push({ message, fields }),
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
  });
  const mail = async (to: string) => {
    await usersApp.settled();
    return listOutbox(db, { to, limit: 50 });
  };
  return {
    dealsApp: seeded.app,
    searchApp: createSearchApp({ db, serviceToken: TEST_TOKEN }),
    usersApp,
    usersLog,
    mail,
    db,
    async lockAccount(email) {
      await sql`update users.account set locked_at = now() where lower(email) = ${email.toLowerCase()}`.execute(db);
    },
    async linkToken(to, page) {
      const prefix = `${PUBLIC_BASE_URL}${ACCOUNT_LINK_PATHS[page]}?token=`;
      for (const message of await mail(to)) {
        const at = message.text.indexOf(prefix);
        if (at >= 0) return decodeURIComponent(/^[^\s"'<>]+/.exec(message.text.slice(at + prefix.length))![0]);
      }
      throw new Error(`No ${page} link in the mail to ${to}`);
    },
    listOutbox: (o) => listOutbox(db, o),
    async close() {
      await usersApp.settled();
      await seeded.close();
    },
  };
}

export interface ParsedCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

export function parseSetCookie(header: string): ParsedCookie {
  const [pair, ...rest] = header.split(';');
  const eq = pair!.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const part of rest) {
    const [k, ...v] = part.trim().split('=');
    attributes[k!.toLowerCase()] = v.length ? v.join('=') : true;
  }
  return { name: pair!.slice(0, eq).trim(), value: pair!.slice(eq + 1).trim(), attributes };
}

type FetchLike = { fetch(request: Request): Response | Promise<Response> };

export interface BrowserResponse<T = any> {
  status: number;
  headers: Headers;
  body: { data?: T; errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, any> }[] };
  setCookies: ParsedCookie[];
}

/**
 * A cookie jar over a fetch handler, as a browser keeps one: Set-Cookie values replace, Max-Age=0
 * removes, and every request carries the jar (these tests stay on one origin).
 */
export class Browser {
  readonly jar = new Map<string, string>();
  readonly ip: string;
  private readonly server: FetchLike;
  private readonly origin: string;

  constructor(server: FetchLike, origin = 'http://shop.test', ip = '198.51.100.7') {
    this.server = server;
    this.origin = origin;
    this.ip = ip;
  }

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  setCookie(name: string, value: string): this {
    this.jar.set(name, value);
    return this;
  }

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  remember(response: Response): ParsedCookie[] {
    const parsed = response.headers.getSetCookie().map(parseSetCookie);
    for (const c of parsed) {
      if (c.attributes['max-age'] === '0' || c.value === '') this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    return parsed;
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size && !headers.has('cookie')) headers.set('cookie', this.cookieHeader());
    headers.set('x-test-client-ip', this.ip);
    const response = await this.server.fetch(new Request(new URL(path, this.origin), { ...init, headers }));
    this.remember(response);
    return response;
  }

  async gql<T = any>(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<BrowserResponse<T>> {
    const response = await this.server.fetch(
      new Request(new URL('/graphql', this.origin), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/graphql-response+json, application/json',
          'x-test-client-ip': this.ip,
          ...(this.jar.size ? { cookie: this.cookieHeader() } : {}),
          ...headers,
        },
        body: JSON.stringify({ query, variables }),
      }),
    );
    const setCookies = this.remember(response);
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: JSON.parse(text), setCookies };
  }
}

/** The gateway's test hook for the shopper's address: the x-test-client-ip header the Browser sends. */
export const testClientAddress = (request: Request): string | null => request.headers.get('x-test-client-ip');
