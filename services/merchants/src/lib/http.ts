import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import { notFoundProblem, problem, problemResponse } from '@shop/platform';
import type { Context } from 'hono';

/** A numeric id of a path ("41"); null for anything else, which the routes answer as unknown. */
export function parseId(text: string): number | null {
  if (!/^[1-9][0-9]{0,14}$/.test(text)) return null;
  return Number(text);
}

export const notFound = (c: Context) => problemResponse(c, notFoundProblem(ERROR_MESSAGES.NOT_FOUND));

/** 409: the application was already decided the other way. */
export const alreadyDecided = (c: Context, status: 'approved' | 'rejected') =>
  problemResponse(c, problem(409, 'APPLICATION_DECIDED', { detail: `This application was already ${status}.`, errors: [{ field: 'id', message: `Already ${status}.` }] }));
