/**
 * RFC 9457 `application/problem+json` bodies: the answer to every 4xx and 5xx of every service.
 */
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    code: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .openapi('Problem');

export type Problem = z.infer<typeof ProblemSchema>;
export interface FieldError {
  field: string;
  message: string;
}

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorised',
  404: 'Not found',
  413: 'Request body too large',
  500: 'Internal server error',
};

export const PROBLEM_CODES = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORISED',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  500: 'INTERNAL',
} as const;

export function problem(
  status: number,
  code: string,
  detail?: string,
  errors?: FieldError[],
): Problem {
  return {
    type: status === 500 ? 'about:blank' : `https://shop.example/problems/${code.toLowerCase().replace(/_/g, '-')}`,
    title: TITLES[status] ?? 'Error',
    status,
    ...(detail ? { detail } : {}),
    code,
    ...(errors && errors.length ? { errors } : {}),
  };
}

/** Sends a problem body with the problem+json media type. */
export function problemResponse(c: Context, body: Problem): Response {
  return c.body(JSON.stringify(body), body.status as ContentfulStatusCode, { 'content-type': PROBLEM_CONTENT_TYPE });
}

export function validationProblem(errors: FieldError[], detail?: string): Problem {
  const fields = [...new Set(errors.map((e) => e.field))];
  return problem(400, 'VALIDATION_FAILED', detail ?? `Invalid ${fields.join(', ')}.`, errors);
}

export function notFoundProblem(detail = 'Sorry, we could not find that.'): Problem {
  return problem(404, 'NOT_FOUND', detail);
}

/** zod issues to field errors: the field is the dotted path (`minPrice`, `ids.3`). */
export function fieldErrorsFromZod(error: z.ZodError, fallbackField = 'body'): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.map(String).join('.') : fallbackField,
    message: issue.message,
  }));
}

/** Response entry for createRoute: a documented problem body. */
export function problemContent(description: string) {
  return { description, content: { [PROBLEM_CONTENT_TYPE]: { schema: ProblemSchema } } };
}
