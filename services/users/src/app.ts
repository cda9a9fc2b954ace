/**
 * The users service: accounts, sessions, passwords, social sign-in records, email
 * subscriptions and staff API keys (README.md is the contract). The shop mounts it under /api/users; the gateway
 * calls `app.fetch` on paths without that prefix.
 */
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { createServiceApp, logFunction, type Mailer, requireJsonBody } from '@shop/platform';
import type { Kysely } from 'kysely';
import { registerAccountRoutes } from './accounts/accounts.handlers.ts';
import * as accountRoutes from './accounts/accounts.routes.ts';
import { sessionRequired } from './lib/auth.ts';
import * as userRoutes from './user/user.routes.ts';
import type { UsersDb } from './db/database.ts';
import { createBackground } from './lib/background.ts';
import type { Logger, UsersDeps } from './lib/deps.ts';
import { SESSION_TOKEN_HEADER, USERS_FIELD_NAMING } from './lib/http.ts';
import { createLinks } from './lib/links.ts';
import { createPasswordHasher, type PasswordHashingOptions } from './lib/passwords.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './lib/rate-limit.ts';
import { registerPasswordRoutes } from './passwords/passwords.handlers.ts';
import { registerSocialRoutes } from './social/social.handlers.ts';
import { pruneExpired } from './store/maintenance.ts';
import { registerStaffKeyRoutes } from './staff/staff-keys.handlers.ts';
import { registerStaffPeopleRoutes } from './staff/staff-people.handlers.ts';
import { registerReferralRoutes } from './referrals/referrals.handlers.ts';
import { registerAlertRoutes } from './alerts/alerts.handlers.ts';
import * as alertRoutes from './alerts/alerts.routes.ts';
import * as referralRoutes from './referrals/referrals.routes.ts';
import { registerSubscriptionRoutes } from './subscriptions/subscriptions.handlers.ts';
import * as subscriptionRoutes from './subscriptions/subscriptions.routes.ts';
import { registerUserRoutes } from './user/user.handlers.ts';

export const USERS_BASE_PATH = '/api/users';

export interface UsersAppOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop passes its one schema-agnostic handle
  db: UsersDb | Kysely<any>;
  /** Callers must send it in x-service-token (everything but the docs). */
  serviceToken: string;
  /** Public path the app is mounted at, used in the OpenAPI servers (default /api/users). */
  basePath?: string;
  /** Where account emails go (platform `createMailer`: the outbox, or SMTP). */
  mailer: Mailer;
  /** PUBLIC_BASE_URL: the links in emails start with it (never with the Host header). */
  publicBaseUrl: string;
  /** The clock (tests move it): sessions, links and rate-limit windows. */
  now?: () => Date;
  log?: Logger;
  /** Signs the email preferences links; by default a random secret kept in users.link_secret. */
  linkSecret?: string;
  /** Overrides of the rate limits (tests; or a busier shop). */
  rateLimits?: Partial<RateLimits>;
  /** Password hashing pool (default 2 at once, 16 waiting). */
  passwordHashing?: PasswordHashingOptions;
}

export type UsersApp = OpenAPIHono & {
  /** Resolves once the work started after answers (emails, lookups) has finished. */
  settled(): Promise<void>;
};

const PRUNE_EVERY_MS = 10 * 60 * 1000;

export function createUsersApp(options: UsersAppOptions): UsersApp {
  const log: Logger = options.log ?? logFunction();
  const db = options.db as UsersDb;
  const now = options.now ?? (() => new Date());
  const deps: UsersDeps = {
    db,
    now,
    log,
    mailer: options.mailer,
    links: createLinks({ db, publicBaseUrl: options.publicBaseUrl, linkSecret: options.linkSecret }),
    passwords: createPasswordHasher(options.passwordHashing),
    limits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    background: createBackground(log),
  };
  const app = createServiceApp({
    title: 'Users service',
    version: '1.0.0',
    description:
      'Accounts, sessions, passwords, social sign-in records and email subscriptions (spec §3, §4, §5, §6, §7 "User and account"). ' +
      'Passwords are argon2id; sessions and links are random tokens stored as SHA-256. Routes marked with the sessionToken security need x-session-token.',
    serviceToken: options.serviceToken,
    basePath: options.basePath ?? USERS_BASE_PATH,
    tags: [
      { name: 'Accounts', description: 'Registration, email confirmation, sign-in and the pre-login check.' },
      { name: 'Sessions', description: 'The signed-in session: read it, end it.' },
      { name: 'User', description: 'The signed-in user: profile, password, status, erasure. The session decides whose.' },
      { name: 'Passwords', description: 'Forgotten passwords and the first password of express accounts, by emailed links.' },
      { name: 'Social sign-in', description: 'Google and Facebook identities, keyed by (issuer, subject).' },
      { name: 'Email preferences', description: 'Deals-email subscriptions: double opt-in, topics, frequency, unsubscribe, by signed links.' },
      { name: 'Staff keys', description: 'API keys of internal tools (any GraphQL operation, introspection, GraphiQL through the gateway); never a shopper credential.' },
      { name: 'Staff people', description: "The shop's staff signing in with their own email and password (the gateway's /staff/sign-in): a staff session, never a shopper's." },
    ],
    fieldNaming: USERS_FIELD_NAMING,
    log,
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'sessionToken', {
    type: 'apiKey',
    in: 'header',
    name: SESSION_TOKEN_HEADER,
    description: 'The raw session token of the shopper (the __Host-sid cookie), passed on by the gateway.',
  });
  // Signed-in routes: the session is checked before anything else about the request.
  const guard = sessionRequired(deps);
  for (const route of [
    accountRoutes.logout,
    accountRoutes.currentSession,
    userRoutes.updateUser,
    userRoutes.changePassword,
    userRoutes.accountStatus,
    userRoutes.anonymise,
    subscriptionRoutes.myPreferences,
    referralRoutes.rafStatus,
    referralRoutes.rafReferrals,
    referralRoutes.rafShare,
    referralRoutes.rafJoin,
    alertRoutes.myAlertPreferences,
    alertRoutes.putAlertPreferences,
  ]) {
    app.on(route.method.toUpperCase(), route.path, guard);
  }

  app.use('*', requireJsonBody({ detail: ERROR_MESSAGES.VALIDATION_FAILED, emptyIsNoBody: true }));

  // Expired sessions, tokens and rate-limit windows are pruned now and then, after an answer.
  let lastPrune = 0;
  app.use('*', async (_c, next) => {
    await next();
    const at = now();
    if (at.getTime() - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = at.getTime();
      deps.background.run('prune', async () => void (await pruneExpired(db, at)));
    }
  });

  registerAccountRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerPasswordRoutes(app, deps);
  registerSocialRoutes(app, deps);
  registerSubscriptionRoutes(app, deps);
  registerStaffKeyRoutes(app, deps);
  registerStaffPeopleRoutes(app, deps);
  registerReferralRoutes(app, deps);
  registerAlertRoutes(app, deps);
  return Object.assign(app, { settled: () => deps.background.settled() });
}
