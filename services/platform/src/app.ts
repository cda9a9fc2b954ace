/**
 * The skeleton every REST service starts from: an OpenAPIHono app with
 * - a request id on every request (x-request-id) used in logs, and one JSON line per request (logger.ts),
 * - a body limit (reliability V3) answering 413,
 * - a `defaultHook` turning zod failures into a 400 problem naming each field (rest.ts),
 * - 404 and 500 problems (500 says only `INTERNAL`: no stack, SQL or paths),
 * - the OpenAPI 3.1 document at /openapi.json and a Scalar reference at /docs served from
 *   node_modules (no CDN, no telemetry, no external fonts),
 * - the service-token check (reliability Z5) on everything registered after `publicRoutes`.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { notFoundProblem, problem, problemResponse, validationHook, type ErrorStatus, type FieldNaming } from './rest.ts';
import { requireServiceToken } from './service-auth.ts';
import { mountApiDocs } from './docs.ts';
import { isRetryableDatabaseError } from './database.ts';
import { defaultLogger, logFunction, requestLogging, type PinoBacked } from './logger.ts';
import { logSettings } from './environment.ts';

export const DEFAULT_BODY_LIMIT = 64 * 1024;

export interface ServiceAppOptions {
  title: string;
  version: string;
  description?: string;
  /** The shared service credential callers must send in x-service-token. */
  serviceToken: string;
  /** Public path prefix where the app is mounted (used in the OpenAPI `servers`). */
  basePath?: string;
  /** Operation tags with their descriptions (for the OpenAPI document). */
  tags?: Array<{ name: string; description: string }>;
  /** Body size limit in bytes (default 64 KB). */
  bodyLimitBytes?: number;
  /** Registers the routes that need no service token (images and the like). */
  publicRoutes?: (app: OpenAPIHono) => void;
  /** How a 400 names the fields of a body (wrappers dropped, fields renamed); see fieldErrorsFromZod. */
  fieldNaming?: FieldNaming;
  /** The logger of its request lines and errors (default: the process's, logger.ts). */
  logger?: PinoBacked;
  /** One line per request (default: LOG_REQUESTS, on). */
  requestLines?: boolean;
  /** Where errors are logged; defaults to the logger's error lines. */
  log?: (message: string, fields: Record<string, unknown>) => void;
}

export function createServiceApp(options: ServiceAppOptions): OpenAPIHono {
  if (!options.serviceToken) throw new Error(`${options.title}: serviceToken is required`);
  const logger = options.logger ?? defaultLogger();
  const log = options.log ?? logFunction(logger);
  const app = new OpenAPIHono({ defaultHook: validationHook(options.fieldNaming) });

  app.use('*', requestId());
  if (options.requestLines ?? logSettings().requests) app.use('*', requestLogging(logger, options.title));
  app.use(
    '*',
    bodyLimit({
      maxSize: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT,
      onError: (c) => problemResponse(c, problem(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.')),
    }),
  );

  app.notFound((c) => problemResponse(c, notFoundProblem()));
  app.onError((err, c) => {
    // Hono's own refusals of a request (a body its validator cannot read, …) are the caller's
    // mistake: their 4xx, as a problem naming the body, not a 500 and an error-log line.
    if (err instanceof HTTPException && err.status < 500) {
      return problemResponse(c, problem(err.status as ErrorStatus, 'VALIDATION_FAILED', 'The request could not be read.', [{ field: 'body', message: 'The request could not be read.' }]));
    }
    // The database went away mid-request (restart, connections cut) or asked for a retry: rolled
    // back, so the caller may send the same request again (its idempotency key with it): 503 with
    // Retry-After, not a 500 (reliability C2).
    if (isRetryableDatabaseError(err)) {
      log('[http] database unavailable', { requestId: c.get('requestId'), method: c.req.method, path: c.req.path, error: err instanceof Error ? err.message : String(err) });
      c.header('retry-after', '1');
      return problemResponse(c, problem(503, 'SERVICE_UNAVAILABLE', 'The service is busy. Please try again in a moment.'));
    }
    // Log everything we know with the request id; answer with nothing internal.
    log('[http] unhandled error', {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      error: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err),
    });
    return problemResponse(c, problem(500, 'INTERNAL', 'Something went wrong. Please try again.'));
  });

  mountApiDocs(app, {
    title: options.title,
    version: options.version,
    description: options.description,
    basePath: options.basePath ?? '',
    tags: options.tags,
  });
  options.publicRoutes?.(app);
  app.use('*', requireServiceToken(options.serviceToken));
  return app;
}
