import type { MiddlewareHandler } from 'hono';
import { problem, problemResponse, validationProblem } from '@shop/platform';

/**
 * The JSON body of a POST, read before the route's validator: a body that is not JSON answers a
 * problem (415 or 400) instead of an exception the app would log as a 500. Mounted on the routes
 * that take a body (POST /deal-views, POST /reviews).
 */
export const jsonBodyGuard: MiddlewareHandler = async (c, next) => {
  if (c.req.method !== 'POST') return next();
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') return problemResponse(c, problem(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.'));
  try {
    await c.req.json();
  } catch {
    return problemResponse(c, validationProblem([{ field: 'body', message: 'The body is not valid JSON.' }]));
  }
  return next();
};
