import type { z } from '@hono/zod-openapi';
import { ERROR_MESSAGES, type ErrorCode } from '@shop/domain/error-codes';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { problem, problemContent, PROBLEM_CONTENT_TYPE, type FieldError, type Problem } from '@shop/platform';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

const TITLES: Record<number, string> = { 400: 'Bad request', 404: 'Not found', 409: 'Conflict' };

export function sendProblem(c: Context, body: Problem & Record<string, unknown>): Response {
  return c.body(JSON.stringify(body), body.status as ContentfulStatusCode, { 'content-type': PROBLEM_CONTENT_TYPE });
}

/** A problem whose detail is the domain's copy for the code (or `detail` when given). */
export function fail(c: Context, status: number, code: ErrorCode, options: { detail?: string; errors?: FieldError[]; extra?: Record<string, unknown> } = {}): Response {
  return sendProblem(c, { ...problem(status, code, options.detail ?? ERROR_MESSAGES[code], options.errors), title: TITLES[status] ?? 'Error', ...(options.extra ?? {}) });
}

export const invalid = (c: Context, errors: FieldError[]) => fail(c, 400, 'VALIDATION_FAILED', { errors });

/** Unknown, merged, or someone else's basket: the same answer (reliability Z1/Z3). */
export const basketNotFound = (c: Context) => fail(c, 404, 'BASKET_NOT_FOUND');
/** Spec §5/§8: a missing or too short token. */
export const noBasketToken = (c: Context) => fail(c, 404, 'BASKET_NOT_FOUND', { detail: BUYING_MESSAGES.noBasketToken, errors: [{ field: 'token', message: BUYING_MESSAGES.noBasketToken }] });

/** zod issues to field errors; unknown keys (Z4) are named one by one. */
export function fieldErrorsOf(error: z.ZodError, target: string): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ field: [...path, key].join('.'), message: 'Unknown field.' });
      continue;
    }
    out.push({ field: path.length ? path.join('.') : target === 'json' ? 'body' : target, message: issue.message });
  }
  return out;
}

export const validationHook = (result: { success: boolean; error?: z.ZodError; target: string }, c: Context) => {
  if (!result.success && result.error) return invalid(c, fieldErrorsOf(result.error, result.target));
  return undefined;
};

/** A body that is not JSON (or not labelled so) is a 400 naming the body, never a 500. */
export const requireJsonBody: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'POST' || c.req.method === 'PUT' || c.req.method === 'PATCH') {
    const text = await c.req.text();
    if (text.length > 0) {
      if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) return invalid(c, [{ field: 'body', message: 'Send a JSON body (content-type: application/json).' }]);
      try {
        JSON.parse(text);
      } catch {
        return invalid(c, [{ field: 'body', message: 'The body is not valid JSON.' }]);
      }
    }
  }
  await next();
};

export const commonErrors = {
  400: problemContent('Bad input: errors[] names each invalid field (products.0.quantity, gift.email, customerToken…) with its message; an unknown key is named with "Unknown field.".'),
  401: problemContent('Missing or wrong x-service-token (code UNAUTHORISED).'),
  404: problemContent('BASKET_NOT_FOUND: no such basket, a merged one, one of another customer (the same answer), or a token of 10 characters or fewer (detail "No Basket Token").'),
  413: problemContent('Request body too large.'),
  500: problemContent('Unexpected failure; the body carries only code INTERNAL.'),
} as const;

export const stockErrors = {
  409: problemContent('DEAL_CLOSED, DEAL_SOLD_OUT, INSUFFICIENT_STOCK or PURCHASE_LIMIT, with productId and available (units the shopper may still have).'),
} as const;
