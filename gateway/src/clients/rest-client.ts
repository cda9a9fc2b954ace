/**
 * The one way the gateway talks to a REST service. With a base URL it uses the network
 * (`fetch` with a timeout); with an in-process app it calls `app.fetch(request)` directly.
 * Both build the same Request (path, service token, request id), see the same status codes and
 * parse the same bodies, so nothing else changes between the two modes (architecture "Runtime").
 */
import { z } from 'zod';
import { SERVICE_TOKEN_HEADER } from '@shop/platform/service-auth';
import { ServiceError } from './service-error.ts';

/** Where a service lives: its base URL (own process) or its fetch handler (this process). */
export type ServiceTarget =
  | { baseUrl: string }
  | { app: { fetch(request: Request): Response | Promise<Response> } };

/** A zod schema, or anything else with `parse`. */
export interface BodyParser<T> {
  parse(data: unknown): T;
}

/** Counts the REST calls a GraphQL request makes (B3: they must not grow with the page size). */
export interface RestCallLog {
  total: number;
  /** `GET deals /deals/glasgow?...`, in call order. */
  calls: string[];
}

export function createRestCallLog(): RestCallLog {
  return { total: 0, calls: [] };
}

export { SERVICE_TOKEN_HEADER };
export const REQUEST_ID_HEADER = 'x-request-id';
/** Spec §9: the default request timeout is 2500 ms. */
export const DEFAULT_TIMEOUT_MS = 2500;

// In-process requests need an absolute URL; the host is never resolved.
const IN_PROCESS_ORIGIN = 'http://service.internal';

export interface RestClientOptions {
  service: string;
  target: ServiceTarget;
  serviceToken: string;
  requestId: string;
  log: RestCallLog;
  timeoutMs?: number;
  /** Headers the gateway itself decided for every call of this client (e.g. x-client-ip). */
  headers?: Record<string, string>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SendOptions<T> {
  /** A JSON body (sent as application/json); none for GET. */
  body?: unknown;
  /** Headers for this call only (e.g. x-session-token). */
  headers?: Record<string, string>;
  /** Parses a 2xx body; without one the body is ignored (204, 202) and the call resolves undefined. */
  parser?: BodyParser<T>;
  /** The path as logged and put in error messages, when the real one holds personal data (an email). */
  logPath?: string;
  /** A 404 resolves null instead of throwing (a lookup of something that may not exist). */
  nullOn404?: boolean;
}

export interface RestClient {
  /** GET a path; a 2xx body is parsed with `parser`; 404 gives null when `nullOn404`. */
  get<T>(path: string, parser: BodyParser<T>, options: { nullOn404: true }): Promise<T | null>;
  get<T>(path: string, parser: BodyParser<T>, options?: { nullOn404?: false }): Promise<T>;
  /**
   * POST a JSON body to a path: the same headers (plus content-type), timeout and error mapping
   * as GET; a 2xx body is parsed with `parser`; 404 gives null when `nullOn404`.
   */
  post<T>(path: string, body: unknown, parser: BodyParser<T>, options: { nullOn404: true }): Promise<T | null>;
  post<T>(path: string, body: unknown, parser: BodyParser<T>, options?: { nullOn404?: false }): Promise<T>;
  /**
   * Any method, with per-call headers: a 2xx body is parsed with `parser` (or ignored without
   * one); every non-2xx is a ServiceError carrying the problem's code, field errors and, for a
   * 429, its retry-after seconds.
   */
  send<T>(method: Method, path: string, options: SendOptions<T> & { parser: BodyParser<T>; nullOn404: true }): Promise<T | null>;
  send<T>(method: Method, path: string, options: SendOptions<T> & { parser: BodyParser<T> }): Promise<T>;
  send(method: Method, path: string, options?: SendOptions<never>): Promise<undefined>;
  /**
   * Any method, whatever the status: the status, headers and JSON body (null when there is none
   * or it is not JSON). For answers where the status and headers are data (a basket's Location,
   * an order's 202 or 402); only an unreachable service or a timeout throws. `parse` and `error`
   * read it the way `send` reads every answer.
   */
  raw(method: Method, path: string, options?: Omit<SendOptions<never>, 'parser' | 'nullOn404'>): Promise<RawResponse>;
  /**
   * Any method, for an answer that is a file (a PDF): a 2xx body read whole, with its content
   * type; null for a 404 when `nullOn404`; any other status is the ServiceError `send` throws.
   * `accept` says what the caller wants (sent instead of application/json).
   */
  binary(method: Method, path: string, options: Omit<SendOptions<never>, 'parser'> & { accept: string }): Promise<BinaryResponse | null>;
}

export interface BinaryResponse {
  contentType: string | null;
  bytes: Uint8Array<ArrayBuffer>;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  body: unknown;
  /** The body parsed with `parser`; a body that does not match is a BAD_RESPONSE ServiceError. */
  parse<T>(parser: BodyParser<T>): T;
  /** The answer as the ServiceError `send` throws for a non-2xx one (code, field errors, figures). */
  error(): ServiceError;
}

export function createRestClient(options: RestClientOptions): RestClient {
  const { service, target, serviceToken, requestId, log } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const origin = 'baseUrl' in target ? target.baseUrl.replace(/\/+$/, '') : IN_PROCESS_ORIGIN;

  async function send(method: Method, path: string, body?: unknown, extraHeaders?: Record<string, string>, logPath = path, accept = 'application/json'): Promise<Response> {
    const signal = AbortSignal.timeout(timeoutMs);
    const hasBody = method !== 'GET' && method !== 'DELETE' && body !== undefined;
    // Only headers the gateway sets itself: nothing a shopper sends is passed through (Z5).
    const headers: Record<string, string> = {
      ...options.headers,
      ...extraHeaders,
      accept,
      // Services answer beside the gateway: gzipping each answer there and unzipping it here cost
      // CPU on both sides for no gain (bench L2's profile: a third of a cache miss).
      'accept-encoding': 'identity',
      [SERVICE_TOKEN_HEADER]: serviceToken,
      [REQUEST_ID_HEADER]: requestId,
    };
    if (hasBody) headers['content-type'] = 'application/json';
    const request = new Request(origin + path, {
      method,
      headers,
      ...(hasBody ? { body: JSON.stringify(body) } : {}),
      signal,
    });
    log.total += 1;
    log.calls.push(`${method} ${service} ${logPath}`);
    try {
      if ('baseUrl' in target) return await fetch(request);
      // An in-process handler ignores the signal, so race it to keep the same timeout.
      return await Promise.race([
        Promise.resolve(target.app.fetch(request)),
        new Promise<never>((_, reject) => {
          if (signal.aborted) reject(signal.reason);
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        }),
      ]);
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      throw new ServiceError(service, 0, timedOut ? 'TIMEOUT' : 'UNAVAILABLE', { detail: `${method} ${logPath}`, cause: error });
    }
  }

  async function call<T>(method: Method, path: string, requestBody: unknown, parser: BodyParser<T>, opts: { nullOn404?: boolean }): Promise<T | null> {
    const response = await send(method, path, method === 'GET' ? undefined : (requestBody ?? {}));
    if (response.status === 404 && opts.nullOn404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) throw await toServiceError(service, method, path, response);
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new ServiceError(service, response.status, 'BAD_RESPONSE', { detail: `${method} ${path}: body is not JSON`, cause: error });
    }
    return parseBody(service, method, path, response.status, body, parser);
  }

  const get = <T>(path: string, parser: BodyParser<T>, opts: { nullOn404?: boolean } = {}) => call('GET', path, undefined, parser, opts);
  const post = <T>(path: string, body: unknown, parser: BodyParser<T>, opts: { nullOn404?: boolean } = {}) => call('POST', path, body, parser, opts);

  async function sendAny<T>(method: Method, path: string, opts: SendOptions<T> = {}): Promise<T | null | undefined> {
    const logPath = opts.logPath ?? path;
    const response = await send(method, path, opts.body, opts.headers, logPath);
    if (response.status === 404 && opts.nullOn404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) throw await toServiceError(service, method, logPath, response);
    if (!opts.parser) {
      await response.body?.cancel();
      return undefined;
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new ServiceError(service, response.status, 'BAD_RESPONSE', { detail: `${method} ${logPath}: body is not JSON`, cause: error });
    }
    return parseBody(service, method, logPath, response.status, body, opts.parser);
  }

  async function raw(method: Method, path: string, opts: Omit<SendOptions<never>, 'parser' | 'nullOn404'> = {}): Promise<RawResponse> {
    const logPath = opts.logPath ?? path;
    const response = await send(method, path, opts.body, opts.headers, logPath);
    let body: unknown;
    try {
      const text = await response.text();
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    const { status, headers } = response;
    return {
      status,
      headers,
      body,
      parse: (parser) => parseBody(service, method, logPath, status, body, parser),
      error: () => problemError(service, method, logPath, status, headers, body),
    };
  }

  async function binary(method: Method, path: string, opts: Omit<SendOptions<never>, 'parser'> & { accept: string }): Promise<BinaryResponse | null> {
    const logPath = opts.logPath ?? path;
    const response = await send(method, path, opts.body, opts.headers, logPath, opts.accept);
    if (response.status === 404 && opts.nullOn404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) throw await toServiceError(service, method, logPath, response);
    try {
      return { contentType: response.headers.get('content-type'), bytes: new Uint8Array(await response.arrayBuffer()) };
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      throw new ServiceError(service, response.status, timedOut ? 'TIMEOUT' : 'BAD_RESPONSE', { detail: `${method} ${logPath}: body not read`, cause: error });
    }
  }

  return { get: get as RestClient['get'], post: post as RestClient['post'], send: sendAny as RestClient['send'], raw, binary };
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date); null when absent or unreadable. */
function retryAfterHeader(value: string | null): number | null {
  if (!value) return null;
  if (/^\d{1,9}$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function parseBody<T>(service: string, method: Method, logPath: string, status: number, body: unknown, parser: BodyParser<T>): T {
  try {
    return parser.parse(body);
  } catch (error) {
    throw new ServiceError(service, status, 'BAD_RESPONSE', { detail: `${method} ${logPath}: body does not match the contract`, cause: error });
  }
}

/**
 * The parts of an RFC 9457 problem the gateway reads (services/platform ProblemSchema, plus the
 * buying figures): each checked on its own, so one odd member never hides the others.
 */
const ProblemFieldsSchema = z.object({
  code: z.string().regex(/^[A-Z0-9_]{1,64}$/).optional().catch(undefined),
  detail: z.string().max(2000).nullish().catch(null),
  message: z.string().max(2000).nullish().catch(null),
  productId: z.number().int().nullish().catch(null),
  available: z.number().int().nullish().catch(null),
  retryable: z.boolean().nullish().catch(null),
  retryAfterSeconds: z.number().finite().min(0).nullish().catch(null),
  errors: z
    .array(z.unknown())
    .optional()
    .catch(undefined)
    .transform((list) =>
      list?.filter((e): e is { field: string; message: string } => typeof (e as { field?: unknown })?.field === 'string' && typeof (e as { message?: unknown })?.message === 'string').slice(0, 20),
    ),
});

function problemError(service: string, method: Method, path: string, status: number, headers: Headers, body: unknown): ServiceError {
  // Every member has its own fallback, so this parse cannot fail.
  const p = ProblemFieldsSchema.parse(body && typeof body === 'object' && !Array.isArray(body) ? body : {});
  const code = p.code ?? (status >= 500 ? 'INTERNAL' : `HTTP_${status}`);
  let retryAfterSeconds: number | null = null;
  if (status === 429) retryAfterSeconds = typeof p.retryAfterSeconds === 'number' ? Math.ceil(p.retryAfterSeconds) : retryAfterHeader(headers.get('retry-after'));
  return new ServiceError(service, status, code, {
    detail: `${method} ${path}`,
    retryAfterSeconds,
    ...(p.errors ? { fieldErrors: p.errors } : {}),
    problem: { productId: p.productId ?? null, available: p.available ?? null, message: p.message ?? p.detail ?? null, retryable: p.retryable ?? null },
  });
}

async function toServiceError(service: string, method: Method, path: string, response: Response): Promise<ServiceError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not a problem body; the status says enough.
  }
  return problemError(service, method, path, response.status, response.headers, body);
}
