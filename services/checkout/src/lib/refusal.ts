/** A deterministic refusal of a request: a problem answer, stored against the idempotency key. */
import { ERROR_MESSAGES, type ErrorCode } from '@shop/domain/error-codes';
import { problem, type FieldError, type Problem } from '@shop/platform';

const TITLES: Record<number, string> = { 400: 'Bad request', 402: 'Payment required', 404: 'Not found', 409: 'Conflict', 422: 'Unprocessable content' };

export class Refusal extends Error {
  readonly body: Problem & Record<string, unknown>;
  readonly status: number;
  readonly code: ErrorCode | 'VALIDATION_FAILED';
  constructor(status: number, code: ErrorCode | 'VALIDATION_FAILED', detail?: string, errors?: FieldError[], extra: Record<string, unknown> = {}) {
    super(detail ?? code);
    this.name = 'Refusal';
    this.status = status;
    this.code = code;
    const words = detail ?? (code === 'VALIDATION_FAILED' ? undefined : ERROR_MESSAGES[code]);
    this.body = { ...problem(status, code, words, errors), title: TITLES[status] ?? 'Error', ...extra };
  }
}

export const fieldRefusal = (field: string, message: string) => new Refusal(400, 'VALIDATION_FAILED', `Invalid ${field}.`, [{ field, message }]);
