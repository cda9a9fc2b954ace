/**
 * What the users service adds to the platform's REST edge (@shop/platform rest.ts): its
 * session header and security, the client address, the response entries in its own words (a 429
 * with retryAfterSeconds), and problem answers whose detail is the domain's copy for the code.
 * The answers are typed by their status, so a route must document every status its handler gives.
 */
import { ERROR_MESSAGES, type ErrorCode } from '@shop/domain/error-codes';
import { CLIENT_IP_HEADER, commonErrors as platformCommonErrors, problem, problemContent, problemResponse, type ErrorStatus, type FieldError } from '@shop/platform';
import type { Context } from 'hono';
import { RateLimitedProblemSchema } from '../contract.ts';
import { HashBusyError, type PasswordHasher } from './passwords.ts';

export const SESSION_TOKEN_HEADER = 'x-session-token';
export { CLIENT_IP_HEADER };

/**
 * How a 400 names the fields of a body (createServiceApp's fieldNaming): the REST wrapper
 * (requestRegistration, loginRequest, passwordChange, user, requestSubscriptionDetails) is
 * dropped, and the login's j_username / j_password are the form's email / password.
 */
export const USERS_FIELD_NAMING = {
  detail: ERROR_MESSAGES.VALIDATION_FAILED,
  wrappers: ['requestRegistration', 'loginRequest', 'passwordChange', 'user', 'requestSubscriptionDetails'],
  renamed: { j_username: 'email', j_password: 'password' },
} as const;

/** A problem answer whose detail is the domain's copy for the code. */
export const fail = <S extends ErrorStatus>(c: Context, status: S, code: ErrorCode, errors?: FieldError[]) =>
  problemResponse(c, problem(status, code, { detail: ERROR_MESSAGES[code], errors }));

/** 400 naming the fields, with the domain's copy as its detail. */
export const invalid = (c: Context, errors: FieldError[]) => fail(c, 400, 'VALIDATION_FAILED', errors);

/** A 429 of this code: retryAfterSeconds (whole seconds, at least 1) in the body and the Retry-After header. */
const tooMany = <C extends 'RATE_LIMITED' | 'SIGN_IN_THROTTLED'>(c: Context, code: C, retryAfterSeconds: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return problemResponse(c, problem(429, code, { detail: ERROR_MESSAGES[code], extra: { retryAfterSeconds: seconds } }), { 'retry-after': String(seconds) });
};

/** 429 RATE_LIMITED. */
export const rateLimited = (c: Context, retryAfterSeconds: number) => tooMany(c, 'RATE_LIMITED', retryAfterSeconds);

/** The password's hash, or (busy) the 429 to answer when the hashing pool is full. */
export async function hashOrRateLimited(c: Context, passwords: PasswordHasher, password: string): Promise<{ hash: string } | { busy: ReturnType<typeof rateLimited> }> {
  try {
    return { hash: await passwords.hash(password) };
  } catch (err) {
    if (err instanceof HashBusyError) return { busy: rateLimited(c, err.retryAfterSeconds) };
    throw err;
  }
}

/** 429 SIGN_IN_THROTTLED (the sign-in throttle), with retryAfterSeconds and Retry-After like every 429. */
export const throttled = (c: Context, retryAfterSeconds: number) => tooMany(c, 'SIGN_IN_THROTTLED', retryAfterSeconds);

const rateLimitedContent = problemContent(
  'Too many attempts (per client address, per email or per account) or too many password checks waiting: retry after Retry-After seconds.',
  RateLimitedProblemSchema,
);

/** The error answers every route can give. */
export const commonErrors = {
  ...platformCommonErrors({
    400: "Bad input: errors[] names each invalid field (the domain schema's name, without the REST wrapper) with its message.",
    401: 'Missing or wrong x-service-token (code UNAUTHORISED).',
    413: 'Request body too large.',
    500: 'Unexpected failure; the body carries only code INTERNAL.',
  }),
  429: {
    description: rateLimitedContent.description,
    headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' as const } } },
    content: rateLimitedContent.content,
  },
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
