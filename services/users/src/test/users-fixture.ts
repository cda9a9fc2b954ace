/**
 * A fresh database (mail and users schemas migrated), the users app with the outbox mailer and a
 * clock the test moves, and helpers to call it as the gateway does (service token, client
 * address, session token) and to read the links out of the emails.
 */
import { createMailer, listOutbox, migrateMail, SERVICE_TOKEN_HEADER, type Database, type OutboxMessage } from '@shop/platform';
import type { OpenTestDatabase } from '@shop/platform/test-databases';
import { TEST_TOKEN, type LoggedLine } from '@shop/platform/test-app';
import { ACCOUNT_LINK_PATHS } from '@shop/domain/accounts';
import { createUsersApp, type UsersApp, type UsersAppOptions } from '../app.ts';
import type { SignedIn } from '../contract.ts';
import { migrateUsers } from '../db/database.ts';

export { TEST_TOKEN };
export const PUBLIC_BASE_URL = 'https://thistle.example';
export const START = new Date('2026-11-30T10:00:00.000Z');

export interface CallOptions {
  body?: unknown;
  session?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export interface UsersFixture {
  database: Database;
  app: UsersApp;
  /** Errors the service logged: tests assert it stays empty. */
  logged: LoggedLine[];
  clock: { now: Date; advance(ms: number): void };
  /** Another app on the same database and clock (other rate limits, hashing pool…). */
  withApp(options: Partial<UsersAppOptions>): UsersApp;
  call(method: string, path: string, options?: CallOptions, app?: UsersApp): Promise<Response>;
  /** Mail to the address, newest first, once the background work has finished. */
  mail(to: string, app?: UsersApp): Promise<OutboxMessage[]>;
  /** The token of the newest link to `page` in mail to the address. */
  linkToken(to: string, page: keyof typeof ACCOUNT_LINK_PATHS): Promise<string>;
  /** A unique address for a test. */
  email(label?: string): string;
  /** A unique client address. */
  ip(): string;
  /** Registers, confirms by the emailed link, and returns the signed-in answer. */
  signUp(options?: { email?: string; password?: string; firstName?: string; lastName?: string }): Promise<SignedIn & { email: string; password: string }>;
  login(email: string, password: string, options?: { rememberMe?: boolean; session?: string; ip?: string }): Promise<Response>;
  close(): Promise<void>;
}

let counter = 0;

export async function usersFixture(open: OpenTestDatabase, options: Partial<UsersAppOptions> = {}): Promise<UsersFixture> {
  const database = await open();
  await migrateMail(database.db);
  await migrateUsers(database.db);
  const logged: LoggedLine[] = [];
  const clock = {
    now: new Date(START),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const mailer = createMailer({ db: database.db });
  const apps: UsersApp[] = [];
  const make = (extra: Partial<UsersAppOptions>) => {
    const app = createUsersApp({
      db: database.db,
      serviceToken: TEST_TOKEN,
      mailer,
      publicBaseUrl: PUBLIC_BASE_URL,
      now: () => clock.now,
      log: (message, fields) => void logged.push({ message, fields }),
      ...options,
      ...extra,
    });
    apps.push(app);
    return app;
  };
  const app = make({});
  const run = `${process.pid}-${++counter}`;
  let n = 0;

  const call = async (method: string, path: string, o: CallOptions = {}, target: UsersApp = app) => {
    const headers: Record<string, string> = { [SERVICE_TOKEN_HEADER]: TEST_TOKEN, 'x-client-ip': o.ip ?? '203.0.113.1', ...o.headers };
    if (o.session !== undefined) headers['x-session-token'] = o.session;
    let body: string | undefined;
    if (o.body !== undefined) {
      body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    return target.request(path, { method, headers, ...(body !== undefined ? { body } : {}) });
  };
  const settleAll = () => Promise.all(apps.map((a) => a.settled()));
  const mail = async (to: string, target?: UsersApp) => {
    await (target ? target.settled() : settleAll());
    return listOutbox(database.db, { to, limit: 100 });
  };
  const linkToken = async (to: string, page: keyof typeof ACCOUNT_LINK_PATHS) => {
    const prefix = `${PUBLIC_BASE_URL}${ACCOUNT_LINK_PATHS[page]}?token=`;
    for (const m of await mail(to)) {
      const at = m.text.indexOf(prefix);
      if (at >= 0) return decodeURIComponent(m.text.slice(at + prefix.length).split(/\s/)[0]!);
    }
    throw new Error(`No ${page} link in mail to ${to}`);
  };
  const login = (email: string, password: string, o: { rememberMe?: boolean; session?: string; ip?: string } = {}) =>
    call('POST', '/login', {
      body: { loginRequest: { j_username: email, j_password: password }, ...(o.rememberMe !== undefined ? { rememberMe: o.rememberMe } : {}) },
      ...(o.session ? { session: o.session } : {}),
      ...(o.ip ? { ip: o.ip } : {}),
    });

  const fixture: UsersFixture = {
    database,
    app,
    logged,
    clock,
    withApp: make,
    call,
    mail,
    linkToken,
    email: (label = 'shopper') => `${label}.${run}.${++n}@example.com`,
    ip: () => `198.51.${Math.floor(++n / 250) % 250}.${n % 250}`,
    async signUp(o = {}) {
      const email = o.email ?? fixture.email();
      const password = o.password ?? 'Correct-Horse-9';
      const ip = fixture.ip();
      const res = await call('POST', '/register', {
        ip,
        body: { requestRegistration: { email, password, firstName: o.firstName ?? 'Ann', lastName: o.lastName ?? 'Shopper' } },
      });
      if (res.status !== 202) throw new Error(`register answered ${res.status}: ${await res.text()}`);
      const token = await linkToken(email, 'confirmEmail');
      const verified = await call('POST', '/email/verify', { ip, body: { token } });
      if (verified.status !== 200) throw new Error(`verify answered ${verified.status}: ${await verified.text()}`);
      return { ...((await verified.json()) as SignedIn), email: email.toLowerCase(), password };
    },
    login,
    async close() {
      await settleAll();
      await database.close();
    },
  };
  return fixture;
}

/** The body of a problem answer. */
export async function problemOf(res: Response): Promise<{ status: number; code: string; detail?: string; errors?: Array<{ field: string; message: string }>; retryAfterSeconds?: number }> {
  return (await res.json()) as never;
}
