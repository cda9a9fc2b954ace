/**
 * Service credential (reliability Z5): services answer only callers that present the shared
 * service token (the gateway, the shop process). Public routes are registered before this
 * middleware, so they never reach it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { problem, problemResponse } from './rest.ts';

export const SERVICE_TOKEN_HEADER = 'x-service-token';
/**
 * The shopper's address as the gateway decided it (a service never reads X-Forwarded-For), sent
 * with the service token: the users service's per-address rate limits, the checkout's per-address
 * hold limit.
 */
export const CLIENT_IP_HEADER = 'x-client-ip';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Constant-time comparison (hashing first makes the lengths equal). */
export function tokenMatches(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  return timingSafeEqual(digest(given), digest(expected));
}

export function requireServiceToken(token: string): MiddlewareHandler {
  if (!token) throw new Error('A service token is required');
  return async (c, next) => {
    if (!tokenMatches(c.req.header(SERVICE_TOKEN_HEADER), token)) {
      return problemResponse(c, problem(401, 'UNAUTHORISED', `Send a valid ${SERVICE_TOKEN_HEADER} header.`));
    }
    await next();
  };
}
