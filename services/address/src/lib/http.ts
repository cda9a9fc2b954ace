import type { z } from '@hono/zod-openapi';
import { ERROR_MESSAGES, type ErrorCode } from '@shop/domain/error-codes';
import { problem, problemContent, PROBLEM_CONTENT_TYPE, type FieldError } from '@shop/platform';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

export function fail(c: Context, status: number, code: ErrorCode, errors?: FieldError[], detail?: string): Response {
  const body = { ...problem(status, code, detail ?? ERROR_MESSAGES[code], errors), title: status === 404 ? 'Not found' : 'Bad request' };
  return c.body(JSON.stringify(body), status as ContentfulStatusCode, { 'content-type': PROBLEM_CONTENT_TYPE });
}

export function fieldErrorsOf(error: z.ZodError, target: string): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.length ? issue.path.map(String).join('.') : target, message: issue.message }));
}

export const validationHook = (result: { success: boolean; error?: z.ZodError; target: string }, c: Context) => {
  if (!result.success && result.error) return fail(c, 400, 'VALIDATION_FAILED', fieldErrorsOf(result.error, result.target));
  return undefined;
};

export const commonErrors = {
  400: problemContent("VALIDATION_FAILED naming the field: an invalid postcode is 'Enter a valid postcode' naming postcode."),
  401: problemContent('Missing or wrong x-service-token (code UNAUTHORISED).'),
  500: problemContent('Unexpected failure; the body carries only code INTERNAL.'),
} as const;
