/**
 * The environment, in one place (issue 15 point 6): every variable the shop and the services
 * standing alone read, parsed with zod once at start. A bad value stops the start with a message
 * that names the variable; an unset one is `undefined` (or its fixed default), so each reader says
 * what unset means where it uses it. README "Configuration" lists exactly these variables
 * (environment.test.ts compares the two). Tools (bench/, scripts/) and tests read their own.
 */
import { z } from 'zod';

/** The services, by the prefix of their variables (`DEALS_SERVICE_URL`, `DEALS_SERVICE_TOKEN`, `DEALS_BASE_PATH`). */
export const SERVICE_NAMES = ['deals', 'search', 'users', 'basket', 'checkout', 'payment', 'wallet', 'address', 'vouchers', 'merchants', 'rewards', 'wishlist'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

const text = z.string().min(1, 'must not be empty');
const whole = (min: number, max: number, what: string) =>
  z
    .string()
    .regex(/^\d+$/, `must be ${what}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be ${what}`).max(max, `must be ${what}`));
/** `1` on, `0` (or unset) off. */
const flag = z.enum(['0', '1'], { error: 'must be 1 (on) or 0 (off)' }).transform((v) => v === '1');
/** A URL whose scheme is one of `protocols` ('https:', …). */
const urlOf = (protocols: string[], message: string) =>
  z.string().refine((v) => {
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, message);
const httpUrl = urlOf(['http:', 'https:'], 'must be an http(s) URL');
const postgresUrl = urlOf(['postgres:', 'postgresql:'], 'must be a postgres:// URL');
const smtpUrl = urlOf(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL');
const port = whole(0, 65535, 'a port number (0–65535)');
const basePath = z.string().regex(/^(\/[\w\-/]*)?$/, 'must be empty or a path starting with /');
const milliseconds = whole(1, 86_400_000, 'a whole number of milliseconds');

function perService<S extends string, T extends z.ZodType>(suffix: S, schema: T) {
  return Object.fromEntries(SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_${suffix}`, schema.optional()])) as { [K in `${Uppercase<ServiceName>}_${S}`]: z.ZodOptional<T> };
}

const schema = z.object({
  // The shop process (gateway/src/main.ts).
  PORT: port.optional(),
  HOST: text.optional(),
  DATABASE_URL: postgresUrl.optional(),
  DB_POOL_SIZE: whole(1, 200, 'a whole number from 1 to 200').optional(),
  DB_PREPARED_STATEMENTS: flag.default(true),
  DATA_DIR: text.optional(),
  SEED_DEALS: whole(0, 1_000_000, 'a number of deals').optional(),
  SERVICE_TOKEN: text.optional(),
  PAYMENT_MERCHANT_KEY: text.optional(),
  PAYMENT_SANDBOX_FAULTS: flag.default(false),
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent'], { error: 'must be debug, info, warn, error or silent' }).optional(),
  LOG_REQUESTS: flag.default(true),
  CLIENT_DIST: text.optional(),
  JOBS_EVERY_MS: whole(50, 86_400_000, 'a whole number of milliseconds, at least 50').optional(),
  VIP_LAYOUT: z.enum(['checkbox', 'two-buttons', 'show-no-vip'], { error: 'must be checkbox, two-buttons or show-no-vip' }).optional(),
  RESPONSE_CACHE_TTL_MS: whole(0, 86_400_000, 'a whole number of milliseconds (0: off)').optional(),
  EXPOSE_REST_CALLS: flag.default(false),
  PUBLIC_BASE_URL: httpUrl.optional(),
  SMTP_URL: smtpUrl.optional(),
  OUTBOX_PAGE: flag.default(false),
  DEMO_MERCHANTS: flag.default(false),
  /** `1`: make the demo staff person (README) even in production (the browser journeys); never on a real shop. */
  DEMO_STAFF: flag.default(false),
  TRUST_PROXY: flag.default(false),
  LINK_BUILDING_SCRIPT_URL: httpUrl.refine((v) => v.startsWith('https:'), 'must be an https URL').optional(),
  /** The map view's tiles (issue 19 point 4): an http(s) url template with {z}, {x} and {y} ({s}: a, b, c); unset, the offline basemap. */
  MAP_TILE_URL: text
    .refine((v) => /^https?:\/\/[^\s"'<>]+$/.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p)), 'must be an http(s) url template with {z}, {x} and {y}')
    .optional(),
  MAP_TILE_ATTRIBUTION: text.optional(),
  GOOGLE_CLIENT_ID: text.optional(),
  GOOGLE_CLIENT_SECRET: text.optional(),
  GOOGLE_ISSUER: httpUrl.optional(),
  FACEBOOK_CLIENT_ID: text.optional(),
  FACEBOOK_CLIENT_SECRET: text.optional(),
  FACEBOOK_ISSUER: httpUrl.optional(),
  ...perService('SERVICE_URL', httpUrl),
  // A service on its own (services/<name>/src/server.ts).
  ...perService('SERVICE_TOKEN', text),
  ...perService('BASE_PATH', basePath),
  SHOP_PORT: port.optional(),
  MAIL_FROM: text.optional(),
  PAYMENT_SANDBOX_ORIGIN: httpUrl.optional(),
  PAYMENT_WEBHOOK_SECRET: text.optional(),
  SANDBOX_ALLOWED_ORIGINS: z
    .string()
    .transform((v) => v.split(',').filter(Boolean))
    .optional(),
  SEARCH_SYNC: flag.default(true),
  SEARCH_SYNC_EVERY_S: whole(0, 86_400, 'a whole number of seconds (0: never)').optional(),
  SEARCH_CACHE: flag.default(true),
  CLAIM_LEASE_MS: milliseconds.optional(),
  MAIL_LEASE_MS: milliseconds.optional(),
  RECONCILE_ABANDON_AFTER_MS: whole(0, 86_400_000, 'a whole number of milliseconds').optional(),
  // Test builds only (never honoured with NODE_ENV=production).
  FAULT_POINT: text.optional(),
  FAULT_KILL: flag.default(false),
});

export type Environment = z.infer<typeof schema>;

/** Every variable read (README "Configuration" lists exactly these). */
export const ENVIRONMENT_VARIABLES: readonly string[] = Object.keys(schema.shape);

export class EnvironmentError extends Error {
  override name = 'EnvironmentError';
  readonly problems: Array<{ variable: string; message: string }>;
  constructor(problems: Array<{ variable: string; message: string }>) {
    super(problems.map((p) => `${p.variable} ${p.message}`).join('; '));
    this.problems = problems;
  }
}

/**
 * The environment parsed (`source` for tests). Only the variables above are read; an empty value
 * counts as unset. Throws EnvironmentError naming each variable with a bad value.
 */
export function readEnvironment(source: Record<string, string | undefined> = process.env): Environment {
  const given = Object.fromEntries(ENVIRONMENT_VARIABLES.flatMap((name) => (source[name] ? [[name, source[name]]] : [])));
  const parsed = schema.safeParse(given);
  if (parsed.success) return parsed.data;
  throw new EnvironmentError(parsed.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? '?'), message: issue.message })));
}

/**
 * The logger's settings alone, never throwing: a bad value is taken as unset here, and the start
 * reports it (environmentOrExit), so a logger made before that check still writes.
 */
export function logSettings(source: Record<string, string | undefined> = process.env): { level: NonNullable<Environment['LOG_LEVEL']>; requests: boolean } {
  const one = <K extends 'LOG_LEVEL' | 'LOG_REQUESTS'>(name: K): Environment[K] | undefined => {
    try {
      return readEnvironment({ [name]: source[name] })[name];
    } catch {
      return undefined;
    }
  };
  return { level: one('LOG_LEVEL') ?? 'info', requests: one('LOG_REQUESTS') ?? true };
}

/** The environment, or the start stops with each bad variable named (a service's or the shop's entry point). */
export function environmentOrExit(source: Record<string, string | undefined> = process.env): Environment {
  try {
    return readEnvironment(source);
  } catch (error) {
    if (!(error instanceof EnvironmentError)) throw error;
    for (const p of error.problems) console.error(`Configuration: ${p.variable} ${p.message}.`);
    process.exit(1);
  }
}

/** A service standing alone: its token (`<NAME>_SERVICE_TOKEN`, else SERVICE_TOKEN) and base path. */
export function serviceSettings(env: Environment, name: ServiceName): { serviceToken: string | undefined; basePath: string } {
  const upper = name.toUpperCase() as Uppercase<ServiceName>;
  return { serviceToken: env[`${upper}_SERVICE_TOKEN`] ?? env.SERVICE_TOKEN, basePath: env[`${upper}_BASE_PATH`] ?? '' };
}

/** The database a process opens: PostgreSQL at DATABASE_URL, else PGlite under DATA_DIR. */
export function databaseSettings(env: Environment): { url?: string; dataDir?: string; poolSize?: number; preparedStatements: boolean } {
  return {
    ...(env.DATABASE_URL ? { url: env.DATABASE_URL } : {}),
    ...(env.DATA_DIR ? { dataDir: env.DATA_DIR } : {}),
    ...(env.DB_POOL_SIZE ? { poolSize: env.DB_POOL_SIZE } : {}),
    preparedStatements: env.DB_PREPARED_STATEMENTS,
  };
}
