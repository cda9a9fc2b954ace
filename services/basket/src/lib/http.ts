/**
 * The basket's own problems, on the platform's REST edge (@shop/platform rest.ts): each one's
 * detail is the domain's copy for its code, and each is typed by its status so the route table
 * checks it.
 */
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { ERROR_MESSAGES, type ErrorCode } from '@shop/domain/error-codes';
import { problem, problemContent, problemResponse, type ErrorStatus, type FieldError } from '@shop/platform';
import type { Context } from 'hono';

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
