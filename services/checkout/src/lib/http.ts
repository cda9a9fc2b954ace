/**
 * The checkout service's own answers on top of the platform's REST edge (rest.ts): the domain's
 * words for a code, the 429 with retryAfterSeconds, the Idempotency-Key and client address the
 * handlers read by hand, and the route table's shared entries.
 */
import { z } from '@hono/zod-openapi';
import { BUYING_MESSAGES, IDEMPOTENCY_KEY_PATTERN } from '@shop/domain/buying';
import { ERROR_MESSAGES, type ErrorCode } from '@shop/domain/error-codes';
import { isEmail, normaliseEmail } from '@shop/domain/accounts';
import { CLIENT_IP_HEADER, commonErrors, invalid, problem, problemContent, problemResponse, type ErrorStatus, type FieldError } from '@shop/platform';
import type { Context } from 'hono';
import { HOLD_LIMIT_PER_ADDRESS } from './deps.ts';

/** A problem whose detail is the domain's copy for the code. */
export const fail = <S extends ErrorStatus>(c: Context, status: S, code: ErrorCode, errs?: FieldError[], detail?: string) =>
  problemResponse(c, problem(status, code, detail ?? ERROR_MESSAGES[code], errs));

/** 429 RATE_LIMITED naming the field, with retryAfterSeconds and Retry-After (issue 14: code guessing, express-buy tokens). */
export const tooMany = (c: Context, field: string, retryAfterSeconds: number) =>
  problemResponse(c, problem(429, 'RATE_LIMITED', { detail: ERROR_MESSAGES.RATE_LIMITED, errors: [{ field, message: ERROR_MESSAGES.RATE_LIMITED }], extra: { retryAfterSeconds } }), { 'retry-after': String(retryAfterSeconds) });

export function idempotencyKey(c: Context) {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return invalid(c, [{ field: 'Idempotency-Key', message: BUYING_MESSAGES.required }]);
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) return invalid(c, [{ field: 'Idempotency-Key', message: 'Must be 1 to 255 printable ASCII characters.' }]);
  return key;
}

/**
 * The shopper's address as the gateway saw it (CLIENT_IP_HEADER; callers hold the service token),
 * for the per-address hold limit (reliability M4). Null when absent or implausible.
 */
export function clientAddressOf(c: { req: { header(name: string): string | undefined } }): string | null {
  const value = (c.req.header(CLIENT_IP_HEADER) ?? '').trim().toLowerCase();
  return value && value.length <= 100 && /^[0-9a-f.:]+$/.test(value) ? value : null;
}

export function guestEmail(raw: string | undefined): string | null {
  return raw && isEmail(raw) ? normaliseEmail(raw) : null;
}

// ---------------------------------------------------------------------------------------------
// Shared entries of the route tables.

export const errors = {
  ...commonErrors({ 400: 'Bad input: errors[] names each invalid field.', 401: 'Missing or wrong x-service-token.' }),
  404: problemContent("Unknown, or not the caller's (the same answer)."),
};
export const rateLimitedResponse = { 429: problemContent('RATE_LIMITED: too many attempts from this basket, customer or address; retryAfterSeconds says when to try again.') };

/** The shopper's address header in the OpenAPI document (read by hand: an implausible one is ignored, never refused). */
export function z_client() {
  return z.object({
    [CLIENT_IP_HEADER]: z
      .string()
      .optional()
      .openapi({ description: `The shopper's public client address as the gateway saw it: the units one address holds at once over all its baskets are limited (default ${HOLD_LIMIT_PER_ADDRESS}; reliability M4), refused with HOLD_LIMIT.` }),
  });
}

/** The Idempotency-Key header in the OpenAPI document (checked by hand so a missing one names the field). */
export function z_idem() {
  return z.object({ 'idempotency-key': z.string().optional().openapi({ description: 'Required: 1 to 255 printable ASCII characters, unique per attempt, reused on its retries.' }) });
}
