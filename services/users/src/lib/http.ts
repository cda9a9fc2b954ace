import type { z } from '@hono/zod-openapi';
import { ERROR_MESSAGES, type ErrorCode } from '@shop/domain/error-codes';
import { CLIENT_IP_HEADER, problem, problemContent, PROBLEM_CONTENT_TYPE, type FieldError, type Problem } from '@shop/platform';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { RateLimitedProblemSchema } from '../contract.ts';

export function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

export const SESSION_TOKEN_HEADER = 'x-session-token';
export { CLIENT_IP_HEADER };

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorised',
  403: 'Forbidden',
  404: 'Not found',
  423: 'Locked',
  429: 'Too many requests',
};

/** A problem whose detail is the domain's copy for the code. */
export function accountProblem(status: number, code: ErrorCode | 'VALIDATION_FAILED', errors?: FieldError[]): Problem {
  return { ...problem(status, code, ERROR_MESSAGES[code], errors), title: TITLES[status] ?? 'Error' };
}

export function sendProblem(c: Context, body: Problem, headers: Record<string, string> = {}): Response {
  return c.body(JSON.stringify(body), body.status as ContentfulStatusCode, { 'content-type': PROBLEM_CONTENT_TYPE, ...headers });
}

export const fail = (c: Context, status: number, code: ErrorCode, errors?: FieldError[]) => sendProblem(c, accountProblem(status, code, errors));

/** 429 with retryAfterSeconds in the body and the Retry-After header. */
export function rateLimited(c: Context, retryAfterSeconds: number): Response {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return sendProblem(c, { ...accountProblem(429, 'RATE_LIMITED'), retryAfterSeconds: seconds } as Problem, { 'retry-after': String(seconds) });
}

/** 429 SIGN_IN_THROTTLED (the sign-in throttle), with retryAfterSeconds and Retry-After like every 429. */
export function throttled(c: Context, retryAfterSeconds: number): Response {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return sendProblem(c, { ...accountProblem(429, 'SIGN_IN_THROTTLED'), retryAfterSeconds: seconds } as Problem, { 'retry-after': String(seconds) });
}

/** 400 naming the fields. */
export const invalid = (c: Context, errors: FieldError[]) => sendProblem(c, accountProblem(400, 'VALIDATION_FAILED', errors));

/** The error answers every route can give. */
export const commonErrors = {
  400: problemContent('Bad input: errors[] names each invalid field (the domain schema\'s name, without the REST wrapper) with its message.'),
  401: problemContent('Missing or wrong x-service-token (code UNAUTHORISED).'),
  413: problemContent('Request body too large.'),
  429: { description: 'Too many attempts (per client address, per email or per account) or too many password checks waiting: retry after Retry-After seconds.', headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' as const } } }, content: { [PROBLEM_CONTENT_TYPE]: { schema: RateLimitedProblemSchema } } },
  500: problemContent('Unexpected failure; the body carries only code INTERNAL.'),
} as const;

export const sessionErrors = {
  401: problemContent('Missing or wrong x-service-token (UNAUTHORISED), or no live session in x-session-token (UNAUTHENTICATED): missing, ended, idle-expired or past its absolute expiry.'),
} as const;

/** OpenAPI security of the 🔒 routes: the service token and the shopper's session token. */
export const SESSION_SECURITY: Array<Record<string, string[]>> = [{ serviceToken: [], sessionToken: [] }];
/** Either the service token alone or with a session (GET /user). */
export const OPTIONAL_SESSION_SECURITY: Array<Record<string, string[]>> = [{ serviceToken: [] }, { serviceToken: [], sessionToken: [] }];

/** The client address the gateway decided (never x-forwarded-for); 'unknown' when absent. */
export function clientAddress(c: Context): string {
  const value = (c.req.header(CLIENT_IP_HEADER) ?? '').trim();
  return value && value.length <= 100 ? value.toLowerCase() : 'unknown';
}

/**
 * Validation problems name the field of the domain schema: the REST wrapper
 * (requestRegistration, loginRequest, passwordChange, user, requestSubscriptionDetails) is
 * dropped, and the login's j_username / j_password are the form's email / password.
 * Unknown keys (Z4) are named one by one.
 */
const WRAPPERS = new Set(['requestRegistration', 'loginRequest', 'passwordChange', 'user', 'requestSubscriptionDetails']);
const RENAMED: Record<string, string> = { j_username: 'email', j_password: 'password' };

export function fieldErrorsOf(error: z.ZodError, target: string): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    if (path.length > 0 && WRAPPERS.has(path[0]!) && target === 'json') path.shift();
    const renamed = path.map((p) => RENAMED[p] ?? p);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ field: [...renamed, key].join('.'), message: 'Unknown field.' });
      continue;
    }
    out.push({ field: renamed.length ? renamed.join('.') : target === 'json' ? 'body' : target, message: issue.message });
  }
  return out;
}

/** The hook every route uses: zod failures become a 400 naming each field as above. */
export const validationHook = (result: { success: boolean; error?: z.ZodError; target: string }, c: Context) => {
  if (!result.success && result.error) return invalid(c, fieldErrorsOf(result.error, result.target));
  return undefined;
};

/**
 * A body that is not JSON is the caller's mistake: 400 naming the body, never a 500. Empty
 * bodies pass through (routes whose body is optional treat them as {}).
 */
export const requireJsonBody: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'POST' || c.req.method === 'PUT' || c.req.method === 'PATCH') {
    const text = await c.req.text();
    if (text.length === 0 && c.req.header('content-type')) {
      // An empty body is no body (routes whose body is optional read it as {}), whatever its label.
      try {
        c.req.raw.headers.delete('content-type');
      } catch {
        return invalid(c, [{ field: 'body', message: 'The body is empty.' }]);
      }
    }
    if (text.length > 0) {
      if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
        return invalid(c, [{ field: 'body', message: 'Send a JSON body (content-type: application/json).' }]);
      }
      try {
        JSON.parse(text);
      } catch {
        return invalid(c, [{ field: 'body', message: 'The body is not valid JSON.' }]);
      }
    }
  }
  await next();
};
