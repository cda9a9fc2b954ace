/**
 * A REST service answered with a non-2xx status, or could not be reached. Resolvers turn the
 * expected ones into data (null for a 404 lookup, a result-union member for a mutation) and let
 * the rest reach Yoga's masking, which shows "Unexpected error." and logs this detail.
 */
export interface ProblemFigures {
  productId: number | null;
  available: number | null;
  /** The problem's own words (its `message`, else `detail`). */
  message: string | null;
  retryable: boolean | null;
}

export class ServiceError extends Error {
  readonly service: string;
  /** HTTP status, or 0 when the service could not be reached (network error, timeout). */
  readonly status: number;
  /** The problem body's `code` (RFC 9457), or INTERNAL / UNAVAILABLE / TIMEOUT / BAD_RESPONSE. */
  readonly code: string;
  /** Field errors of a 400 problem, when the service named them. */
  readonly fieldErrors: { field: string; message: string }[];
  /** A 429's wait (the body's retryAfterSeconds, else its Retry-After header); null otherwise. */
  readonly retryAfterSeconds: number | null;
  /** What a buying problem says beside its code (a StockError's option and units left, a PaymentError's words); null when it does not. */
  readonly problem: ProblemFigures;

  constructor(
    service: string,
    status: number,
    code: string,
    options: { detail?: string; fieldErrors?: { field: string; message: string }[]; retryAfterSeconds?: number | null; problem?: Partial<ProblemFigures>; cause?: unknown } = {},
  ) {
    super(`${service} service: ${status} ${code}${options.detail ? ` (${options.detail})` : ''}`, { cause: options.cause });
    this.name = 'ServiceError';
    this.service = service;
    this.status = status;
    this.code = code;
    this.fieldErrors = options.fieldErrors ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
    this.problem = { productId: null, available: null, message: null, retryable: null, ...options.problem };
  }
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}
