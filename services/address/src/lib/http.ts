import { ERROR_MESSAGES, type ErrorCode } from '@shop/domain/error-codes';
import { problem, problemResponse, type ErrorStatus, type FieldError } from '@shop/platform';
import type { Context } from 'hono';

/** A problem whose detail is the domain's copy for the code (or `detail` when given), typed by its status. */
export const fail = <S extends ErrorStatus>(c: Context, status: S, code: ErrorCode, options: { detail?: string; errors?: FieldError[] } = {}) =>
  problemResponse(c, problem(status, code, { detail: options.detail ?? ERROR_MESSAGES[code], errors: options.errors }));
