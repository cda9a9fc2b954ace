/**
 * The one logger of the shop and every service: pino, one JSON line per event
 * (`{"level":"warn","time":"…","message":"…",…fields}`), info to stdout, warn and error to stderr.
 * Request lines (one per request, with its request id) come from `requestLogging` (hono-pino);
 * cookies, authorization and our tokens are redacted wherever they appear in a line's headers.
 * Details of masked errors go here, never to clients.
 */
import { pinoLogger } from 'hono-pino';
import type { Context, MiddlewareHandler } from 'hono';
import { pino, type Level, type Logger as Pino } from 'pino';
import { logSettings, type Environment } from './environment.ts';

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** A logger that also hands out its pino instance (Yoga's `logging`, hono-pino). */
export interface PinoBacked extends Logger {
  pino: Pino;
}

/** The levels LOG_LEVEL takes (environment.ts is their one list). */
export type LogLevel = NonNullable<Environment['LOG_LEVEL']>;

const SECRET_HEADERS = ['cookie', 'authorization', 'x-service-token', 'x-session-token', 'x-staff-key', 'set-cookie'];
/** Where a secret may stand in a line: a request's or response's headers, or a line's own headers field. */
const REDACTED_PATHS = ['req.headers', 'res.headers', 'headers'].flatMap((at) => SECRET_HEADERS.map((h) => `${at}["${h}"]`));

export interface LoggerOptions {
  level?: LogLevel;
  /** Where lines go (tests pass their own); default stdout for info, stderr for warn and error. */
  destination?: { write(line: string): unknown };
}

export function createLogger(options: LoggerOptions = {}): PinoBacked {
  const destination = options.destination
    ? options.destination
    : pino.multistream(
        [
          { level: 'debug', stream: process.stdout },
          { level: 'warn', stream: process.stderr },
        ],
        { dedupe: true },
      );
  const instance = pino(
    {
      level: options.level ?? 'info',
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      // No pid or hostname: a line says what happened, the platform says where.
      base: undefined,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    destination as never,
  );
  return fromPino(instance);
}

/** Our three-method Logger over a pino instance. */
export function fromPino(instance: Pino): PinoBacked {
  const at = (level: Level) => (message: string, fields?: Record<string, unknown>) => {
    if (fields && 'message' in fields) {
      // A field named like the line's own message would shadow it: kept under another name.
      const { message: theirs, ...rest } = fields;
      instance[level]({ ...rest, reportedMessage: theirs }, message);
    } else instance[level](fields ?? {}, message);
  };
  return { pino: instance, info: at('info'), warn: at('warn'), error: at('error') };
}

let shared: PinoBacked | null = null;
/** The process's logger, at LOG_LEVEL (environment.ts). */
export function defaultLogger(): PinoBacked {
  shared ??= createLogger({ level: logSettings().level });
  return shared;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** The `(message, fields)` callback the services take, writing at `level` to `logger`. */
export function logFunction(logger: Logger = defaultLogger(), level: 'info' | 'warn' | 'error' = 'error') {
  return (message: string, fields: Record<string, unknown> = {}) => logger[level](message, fields);
}

/** What an Error looks like in a log line (cause chain included, for a service error's network cause). */
export function describeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { value: String(error) };
  const fields: Record<string, unknown> = { name: error.name, message: error.message, stack: error.stack };
  for (const key of ['service', 'status', 'code'] as const) {
    if (key in error) fields[key] = (error as unknown as Record<string, unknown>)[key];
  }
  if (error.cause !== undefined && depth < 3) fields.cause = describeError(error.cause, depth + 1);
  return fields;
}

/**
 * One line per request (hono-pino): method, path, status, response time and the request id of
 * hono's requestId() middleware; 5xx at error, the rest at info. Headers are not
 * logged (a request's secrets never reach a line).
 */
export function requestLogging(logger: PinoBacked, service: string, requestIdOf: (c: Context) => string | undefined = (c) => c.get('requestId')): MiddlewareHandler {
  const lines = pinoLogger({
    pino: logger.pino,
    http: {
      reqId: false,
      // hono-pino writes the context's requestId as `reqId`.
      referRequestIdKey: 'requestId',
      onReqBindings: (c) => ({ service, method: c.req.method, path: c.req.path }),
      onResBindings: (c) => ({ status: c.res.status }),
      onResLevel: (c) => (c.res.status >= 500 ? 'error' : 'info'),
      onResMessage: () => 'request',
      onReqMessage: false,
    },
  }) as MiddlewareHandler;
  return async (c, next) => {
    if (c.get('requestId') === undefined) {
      const id = requestIdOf(c);
      if (id) c.set('requestId', id);
    }
    return lines(c, next);
  };
}
