/**
 * The shop's logging endpoint (spec §7 "Logging"), mounted at /api/log on the shop server:
 *
 * - POST /not-found     { path, userAgent, date }  from the not-found view;
 * - POST /client-error  { name, message, userAgent, referrer, client, server }  from the route
 *   error boundary;
 * - POST /csp  the browser's Content-Security-Policy violation reports (report-uri's
 *   application/csp-report, report-to's application/reports+json; security/headers.ts).
 *
 * JSON only (which also keeps cross-site form posts out), at most LOG_BODY_LIMIT bytes, validated
 * with zod, and rate-limited per client address. 204 when written; otherwise a problem+json body
 * (400 naming the field, 413, 415, 429). Each accepted report becomes one structured log line.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import { problem, fieldErrorsFromZod, validationProblem, type Problem } from '@shop/platform';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import type { Logger } from '../logger.ts';
import { ClientErrorLogSchema, NotFoundLogSchema } from './log.schemas.ts';
import { createRateLimiter, type RateLimiter } from './rate-limit.ts';

/** Reports are a few hundred bytes; anything much larger is not one. */
export const LOG_BODY_LIMIT = 8 * 1024;
/** Per client address: a page that errors in a loop must not flood the log. */
export const LOG_RATE_LIMIT = { limit: 30, windowMs: 60_000 } as const;

export interface LogRoutesOptions {
  logger: Logger;
  limiter?: RateLimiter;
  /** The client's address (the connection's remote address by default). */
  addressOf?: (c: Context) => string;
}

function send(body: Problem, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status: body.status, headers: { 'content-type': 'application/problem+json', ...headers } });
}

function connectionAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (tests, app.request) have no socket.
    return 'unknown';
  }
}

export function createLogRoutes(options: LogRoutesOptions): Hono {
  const { logger } = options;
  const limiter = options.limiter ?? createRateLimiter(LOG_RATE_LIMIT);
  const addressOf = options.addressOf ?? connectionAddress;
  const app = new Hono();

  app.use(
    '*',
    bodyLimit({ maxSize: LOG_BODY_LIMIT, onError: () => send(problem(413, 'PAYLOAD_TOO_LARGE', `A log report is at most ${LOG_BODY_LIMIT} bytes.`)) }),
  );
  app.use('*', async (c, next) => {
    const address = addressOf(c);
    if (!limiter.take(address)) {
      const status = { ...problem(429, 'RATE_LIMITED', 'Too many log reports; try again later.'), title: 'Too many requests' };
      return send(status, { 'retry-after': String(limiter.retryAfter(address)) });
    }
    await next();
  });

  /** Reads a JSON body and validates it; a Response when it is not acceptable. */
  async function read<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T> | Response> {
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/json\b/i.test(type)) {
      return send({ ...problem(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the report as application/json.'), title: 'Unsupported media type' });
    }
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return send(validationProblem([{ field: 'body', message: 'Must be a JSON object.' }]));
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) return send(validationProblem(fieldErrorsFromZod(parsed.error, 'body', { unknownKeys: 'together' })));
    return parsed.data;
  }

  app.post('/not-found', async (c) => {
    const report = await read(c, NotFoundLogSchema);
    if (report instanceof Response) return report;
    logger.warn('Page not found', { event: 'not-found', path: report.path, userAgent: report.userAgent, date: report.date });
    return c.body(null, 204);
  });

  app.post('/client-error', async (c) => {
    const report = await read(c, ClientErrorLogSchema);
    if (report instanceof Response) return report;
    // errorName/errorMessage: a log line's own `message` is 'Client error'.
    const { name, message, ...rest } = report;
    logger.error('Client error', { event: 'client-error', errorName: name, errorMessage: message, ...rest });
    return c.body(null, 204);
  });

  app.post('/csp', async (c) => {
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/(csp-report|reports\+json)\b/i.test(type)) {
      return send({ ...problem(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send a CSP report (application/csp-report or application/reports+json).'), title: 'Unsupported media type' });
    }
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return send(validationProblem([{ field: 'body', message: 'Must be JSON.' }]));
    }
    const reports = cspReportsOf(body);
    if (reports.length === 0) return send(validationProblem([{ field: 'body', message: 'Must be a CSP violation report.' }]));
    for (const report of reports) logger.warn('CSP violation', { event: 'csp-violation', ...report });
    return c.body(null, 204);
  });

  return app;
}

const text = (value: unknown, max = 500) => (typeof value === 'string' ? value.slice(0, max) : undefined);
/** Only the path of a page's address: its query may carry an emailed token. */
const pathOnly = (value: unknown) => {
  const url = text(value, 2000);
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url.split(/[?#]/)[0]!.slice(0, 500);
  }
};

/** The violations of a report-uri body ({ "csp-report": … }) or a report-to batch ([{ type: 'csp-violation', body }]). */
function cspReportsOf(body: unknown): Record<string, string | number | undefined>[] {
  const one = (r: Record<string, unknown>, kebab: boolean) => ({
    documentUrl: pathOnly(kebab ? r['document-uri'] : r.documentURL),
    blockedUrl: pathOnly(kebab ? r['blocked-uri'] : r.blockedURL),
    directive: text(kebab ? r['effective-directive'] ?? r['violated-directive'] : r.effectiveDirective, 100),
    disposition: text(r.disposition, 20),
    sourceFile: pathOnly(kebab ? r['source-file'] : r.sourceFile),
    line: typeof (kebab ? r['line-number'] : r.lineNumber) === 'number' ? ((kebab ? r['line-number'] : r.lineNumber) as number) : undefined,
    sample: text(kebab ? r['script-sample'] : r.sample, 80),
  });
  if (body && typeof body === 'object' && !Array.isArray(body) && 'csp-report' in body) {
    const report = (body as Record<string, unknown>)['csp-report'];
    return report && typeof report === 'object' ? [one(report as Record<string, unknown>, true)] : [];
  }
  if (Array.isArray(body)) {
    return body
      .filter((r): r is { type: string; body: Record<string, unknown> } => !!r && typeof r === 'object' && r.type === 'csp-violation' && !!r.body && typeof r.body === 'object')
      .slice(0, 20)
      .map((r) => one(r.body, false));
  }
  return [];
}
