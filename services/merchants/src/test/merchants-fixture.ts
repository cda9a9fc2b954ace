/**
 * A fresh database with a small seeded catalogue (deals), the mail, users and merchants schemas,
 * the merchants app and a users app on the same database (accounts are the users service's), and
 * helpers to call them as the gateway does.
 */
import { createMailer, listOutbox, migrateMail, SERVICE_TOKEN_HEADER, type Database, type OutboxMessage } from '@shop/platform';
import type { OpenTestDatabase } from '@shop/platform/test-databases';
import { TEST_TOKEN, type LoggedLine } from '@shop/platform/test-app';
import { ACCOUNT_LINK_PATHS } from '@shop/domain/accounts';
import { migrateDeals, seedDeals } from '@shop/deals';
import { createUsersApp, migrateUsers, type UsersApp } from '@shop/users';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { createMerchantsApp } from '../app.ts';
import { migrateMerchants, type MerchantsDb } from '../db/database.ts';

export { TEST_TOKEN };

/** Limits no test reaches by accident (the limits themselves have their own test, with the defaults). */
export const LOOSE_LIMITS = { perAddress: { limit: 100_000, windowMs: 3_600_000 }, perEmail: { limit: 100_000, windowMs: 3_600_000 } };
export const PUBLIC_BASE_URL = 'https://thistle.example';
export const TEST_NOW = new Date('2026-11-22T12:00:00.000Z');

export interface Problem {
  status: number;
  code: string;
  detail?: string;
  errors?: Array<{ field: string; message: string }>;
}

export interface MerchantsFixture {
  database: Database;
  db: MerchantsDb;
  app: OpenAPIHono;
  users: UsersApp;
  logged: LoggedLine[];
  call(method: string, path: string, body?: unknown, target?: { request: OpenAPIHono['request'] }): Promise<Response>;
  /** The JSON of an answer with this status. */
  expect<T>(res: Response | Promise<Response>, status: number): Promise<T>;
  mail(to: string): Promise<OutboxMessage[]>;
  /** A unique address for a test. */
  email(label?: string): string;
  /** A confirmed account (registered and confirmed through the users service); its customer token. */
  signUp(email: string, password?: string): Promise<string>;
  /** Registered but not confirmed. */
  registerOnly(email: string, password?: string): Promise<void>;
  login(email: string, password: string): Promise<Response>;
  close(): Promise<void>;
}

let counter = 0;

export async function merchantsFixture(open: OpenTestDatabase, deals = 120): Promise<MerchantsFixture> {
  const database = await open();
  await migrateDeals(database.db);
  await seedDeals(database.db, { deals, seed: 7, now: TEST_NOW });
  await migrateMail(database.db);
  await migrateUsers(database.db);
  await migrateMerchants(database.db);
  const logged: LoggedLine[] = [];
  const log = (message: string, fields: Record<string, unknown>) => void logged.push({ message, fields });
  const mailer = createMailer({ db: database.db });
  const app = createMerchantsApp({ db: database.db, serviceToken: TEST_TOKEN, mailer, publicBaseUrl: PUBLIC_BASE_URL, log, applicationLimits: LOOSE_LIMITS });
  const users = createUsersApp({ db: database.db, serviceToken: TEST_TOKEN, mailer, publicBaseUrl: PUBLIC_BASE_URL, log });
  const run = `${process.pid}-${++counter}`;
  let n = 0;
  const call = (method: string, path: string, body?: unknown, target: { request: OpenAPIHono['request'] } = app) =>
    Promise.resolve(
      target.request(path, {
        method,
        headers: { [SERVICE_TOKEN_HEADER]: TEST_TOKEN, 'x-client-ip': `198.51.100.${++n % 250}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      }),
    );
  const expectStatus = async <T>(res: Response | Promise<Response>, status: number): Promise<T> => {
    const r = await res;
    const text = await r.text();
    if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${text}`);
    return JSON.parse(text) as T;
  };
  const register = async (email: string, password: string) => {
    await expectStatus(call('POST', '/register', { requestRegistration: { email, password, firstName: 'Morag', lastName: 'Reid' } }, users), 202);
    await users.settled();
  };
  const fixture: MerchantsFixture = {
    database,
    db: database.db as MerchantsDb,
    app,
    users,
    logged,
    call,
    expect: expectStatus,
    mail: async (to) => {
      await users.settled();
      return listOutbox(database.db, { to, limit: 100 });
    },
    email: (label = 'merchant') => `${label}.${run}.${++n}@example.com`,
    async signUp(email, password = 'Correct-Horse-9') {
      await register(email, password);
      const prefix = `${PUBLIC_BASE_URL}${ACCOUNT_LINK_PATHS.confirmEmail}?token=`;
      const message = (await fixture.mail(email)).find((m) => m.text.includes(prefix))!;
      const token = decodeURIComponent(message.text.slice(message.text.indexOf(prefix) + prefix.length).split(/\s/)[0]!);
      const body = await expectStatus<{ data: { user: { customerToken: string } } }>(call('POST', '/email/verify', { token }, users), 200);
      return body.data.user.customerToken;
    },
    registerOnly: (email, password = 'Correct-Horse-9') => register(email, password),
    login: (email, password) => call('POST', '/login', { loginRequest: { j_username: email, j_password: password } }, users),
    async close() {
      await users.settled();
      await database.close();
    },
  };
  return fixture;
}
