import type { z } from '@hono/zod-openapi';
import { problemContent } from '@shop/platform';

export function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

/** The error answers every protected route can give. */
export const commonErrors = {
  400: problemContent('Bad input: the problem names each invalid field.'),
  401: problemContent('Missing or wrong x-service-token.'),
  413: problemContent('Request body too large.'),
  500: problemContent('Unexpected failure; the body carries only code INTERNAL.'),
} as const;

export const notFound = (description = 'No such thing.') => ({ 404: problemContent(description) }) as const;

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** C0/C1 control characters (NUL included, tab and newline not): never valid in search text (PostgreSQL rejects NUL). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
