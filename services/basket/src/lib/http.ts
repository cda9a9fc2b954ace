/**
 * The basket's own problems, on the platform's REST edge (@shop/platform rest.ts): each one's
 * detail is the domain's copy for its code, and each is typed by its status so the route table
 * checks it.
 */
import { z } from '@hono/zod-openapi';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { ERROR_MESSAGES, type ErrorCode } from '@shop/domain/error-codes';
import { commonErrors, notFoundContent, problem, problemContent, problemResponse, type ErrorStatus, type FieldError } from '@shop/platform';
import type { Context } from 'hono';
import { customerTokenSchema } from '../contract.ts';

export interface FailOptions {
  detail?: string;
  errors?: FieldError[];
  /** Members of the problem beyond RFC 9457's (productId, available). */
  extra?: Record<string, unknown>;
}

/** A problem whose detail is the domain's copy for the code (or `detail` when given). */
export const fail = <S extends ErrorStatus>(c: Context, status: S, code: ErrorCode, options: FailOptions = {}) =>
  problemResponse(c, problem(status, code, { detail: options.detail ?? ERROR_MESSAGES[code], errors: options.errors, extra: options.extra }));

/** A 400 naming the fields, with the domain's copy as its detail. */
export const invalid = (c: Context, errors: FieldError[]) => fail(c, 400, 'VALIDATION_FAILED', { errors });

/** Unknown, merged, or someone else's basket: the same answer (reliability Z1/Z3). */
export const basketNotFound = (c: Context) => fail(c, 404, 'BASKET_NOT_FOUND');
/** Spec §5/§8: a missing or too short token. */
export const noBasketToken = (c: Context) => fail(c, 404, 'BASKET_NOT_FOUND', { detail: BUYING_MESSAGES.noBasketToken, errors: [{ field: 'token', message: BUYING_MESSAGES.noBasketToken }] });

export const stockErrors = {
  409: problemContent('DEAL_CLOSED, DEAL_SOLD_OUT, INSUFFICIENT_STOCK or PURCHASE_LIMIT, with productId and available (units the shopper may still have).'),
} as const;

// --- Parts of the route tables every feature shares.

/** A required JSON request body. */
export const body = <T>(schema: T, description: string) => ({ required: true, description, content: { 'application/json': { schema } } });
export const TOKEN_EXAMPLE = 'Zt1k8tqf3bXqVZp0m2c9Yw4hJ5sA7dE6rL1uN0oP2qW';

const tokenSchema = (name: string) =>
  z.string().max(1000).openapi({ param: { name, in: 'path' }, description: 'The basket token (more than 10 characters, spec §5).', example: TOKEN_EXAMPLE });
const tokenParams = {
  token: z.object({ token: tokenSchema('token') }),
  guestToken: z.object({ guestToken: tokenSchema('guestToken') }),
};
export const tokenParam = <K extends keyof typeof tokenParams>(name: K): (typeof tokenParams)[K] => tokenParams[name];
export const ownerQuery = {
  customerToken: customerTokenSchema.optional().openapi({
    param: { name: 'customerToken', in: 'query' },
    description: 'The signed-in shopper (from the session, never from client input). A basket that belongs to a customer is answered only with their token; otherwise 404 like an unknown token.',
  }),
};
/** The answers every basket route can give (401, 413 and 500 in the platform's words). */
export const basketErrors = {
  ...commonErrors({
    400: 'Bad input: errors[] names each invalid field (products.0.quantity, gift.email, customerToken…) with its message; an unknown key is named with "Unknown field.".',
  }),
  ...notFoundContent('BASKET_NOT_FOUND: no such basket, a merged one, one of another customer (the same answer), or a token of 10 characters or fewer (detail "No Basket Token").'),
};
