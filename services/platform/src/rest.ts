/**
 * The REST edge every service shares: the route table's response entries, RFC 9457
 * `application/problem+json` answers typed by their status, the one mapper from zod issues to the
 * fields a 400 names, the validation hook and the JSON body check.
 *
 * The answers are typed (`TypedResponse<Problem, 404, 'json'>`), so a handler returns them to
 * `app.openapi` as they are and the route table decides whether that status is documented: a
 * handler answering a status its route does not list fails the typecheck.
 */
import { createRoute as honoCreateRoute, z, type RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler, TypedResponse } from 'hono';
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

export interface FieldError {
  field: string;
  message: string;
}

/** A problem body; `status` keeps its literal type so the route table can check it. */
export interface Problem<S extends number = number> {
  type: string;
  title: string;
  status: S;
  detail?: string;
  code: string;
  errors?: FieldError[];
}

/** A problem with members of its own (productId and available, retryAfterSeconds, provider…). */
export type ProblemWith<S extends number, X extends Record<string, unknown>> = Problem<S> & X;

export type ErrorStatus = Exclude<ContentfulStatusCode, 100 | 101 | 102 | 103 | 200 | 201 | 202 | 203 | 206 | 207 | 208 | 226 | 300 | 301 | 302 | 303 | 305 | 306 | 307 | 308>;

const TITLES: Partial<Record<number, string>> = {
  400: 'Bad request',
  401: 'Unauthorised',
  402: 'Payment required',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Request body too large',
  415: 'Unsupported media type',
  423: 'Locked',
  429: 'Too many requests',
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
};

export interface ProblemOptions<X extends Record<string, unknown> = Record<never, never>> {
  detail?: string;
  errors?: FieldError[];
  /** The title, when the status's own ("Payment required") is not the best word. */
  title?: string;
  /** Members of this problem type beyond RFC 9457's (spec §8 409s: productId, available). */
  extra?: X;
}

/** Builds a problem body. The `type` URI names the code; a 500 says nothing more than about:blank. */
export function problem<S extends number, X extends Record<string, unknown> = Record<never, never>>(
  status: S,
  code: string,
  detailOrOptions?: string | ProblemOptions<X>,
  errors?: FieldError[],
): ProblemWith<S, X> {
  const options: ProblemOptions<X> = typeof detailOrOptions === 'string' ? { detail: detailOrOptions, errors } : { ...(detailOrOptions ?? {}), ...(errors ? { errors } : {}) };
  return {
    type: status === 500 ? 'about:blank' : `https://shop.example/problems/${code.toLowerCase().replace(/_/g, '-')}`,
    title: options.title ?? TITLES[status] ?? 'Error',
    status,
    ...(options.detail ? { detail: options.detail } : {}),
    code,
    ...(options.errors && options.errors.length ? { errors: options.errors } : {}),
    ...(options.extra ?? ({} as X)),
  };
}

/** The ResponseInit of a problem answer outside a Hono context. */
export function problemJson(status: number, headers: Record<string, string> = {}): ResponseInit {
  return { status, headers: { ...headers, 'content-type': PROBLEM_CONTENT_TYPE } };
}

/** Sends a problem body with the problem+json media type, typed by its status for the route table. */
export function problemResponse<B extends Problem<ErrorStatus>>(c: Context, body: B, headers: Record<string, string> = {}): Response & TypedResponse<B, B['status'], 'json'> {
  // 'Content-Type' spelled as Hono spells its default, so this one replaces it.
  return c.json(body, body.status, { ...headers, 'Content-Type': PROBLEM_CONTENT_TYPE }) as Response & TypedResponse<B, B['status'], 'json'>;
}

export function validationProblem(errors: FieldError[], detail?: string): Problem<400> {
  const fields = [...new Set(errors.map((e) => e.field))];
  return problem(400, 'VALIDATION_FAILED', detail ?? `Invalid ${fields.join(', ')}.`, errors);
}

export function notFoundProblem(detail = 'Sorry, we could not find that.'): Problem<404> {
  return problem(404, 'NOT_FOUND', detail);
}

/** A 400 naming the fields. */
export const invalid = (c: Context, errors: FieldError[], detail?: string) => problemResponse(c, validationProblem(errors, detail));

/**
 * An answer stored as bytes (an idempotent replay, a claim's first answer): sent as it was. `R` is
 * the route's typed answer (RouteConfigToTypedResponse<typeof route>): the caller vouches that the
 * bytes are one of its documented answers, made earlier by the same handler.
 */
export function storedResponse<R>(c: Context, answer: { status: number; body: string }): R {
  const type = answer.status >= 400 ? PROBLEM_CONTENT_TYPE : 'application/json';
  return c.body(answer.body, answer.status as ContentfulStatusCode, { 'Content-Type': type }) as unknown as R;
}

export interface FieldNaming {
  /** The detail of a validation 400 (default "Invalid <fields>."). */
  detail?: string;
  /**
   * Body wrappers a field is named without (the users service's `requestRegistration.email` is
   * `email`: the form's own name).
   */
  wrappers?: ReadonlySet<string> | readonly string[];
  /** Renamed fields (`j_username` is the form's `email`). */
  renamed?: Readonly<Record<string, string>>;
  /**
   * Unknown keys (reliability Z4): each named as its own field with "Unknown field." (the
   * default), or together as one error of the object that holds them (zod's words).
   */
  unknownKeys?: 'each' | 'together';
}

/**
 * zod issues to the fields a 400 names: the dotted path (`products.0.quantity`); an unknown key
 * (reliability Z4) by its own name with "Unknown field."; a problem with the whole body as `body`;
 * one with a whole query or path by its target.
 */
export function fieldErrorsFromZod(error: z.ZodError, target = 'body', naming: FieldNaming = {}): FieldError[] {
  const wrappers = naming.wrappers ? new Set(naming.wrappers) : null;
  const renamed = naming.renamed ?? {};
  const whole = target === 'json' ? 'body' : target;
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    if (wrappers && target === 'json' && path.length > 0 && wrappers.has(path[0]!)) path.shift();
    const named = path.map((p) => renamed[p] ?? p);
    if (issue.code === 'unrecognized_keys' && naming.unknownKeys !== 'together') {
      for (const key of issue.keys) out.push({ field: [...named, key].join('.'), message: 'Unknown field.' });
      continue;
    }
    out.push({ field: named.length ? named.join('.') : whole, message: issue.message });
  }
  return out;
}

/** The validation hook of every route: a zod failure is a 400 naming each field. */
export function validationHook(naming: FieldNaming = {}) {
  return (result: { success: true } | { success: false; error: z.ZodError; target: string }, c: Context) => {
    if (!result.success) return invalid(c, fieldErrorsFromZod(result.error, result.target, naming), naming.detail);
    return undefined;
  };
}

export interface JsonBodyOptions {
  /** The detail of its 400 (default "Invalid body."). */
  detail?: string;
  /**
   * An empty body is no body, whatever its label (routes whose body is optional read it as {}).
   * Otherwise an empty body labelled JSON is left to the route's validator, which refuses it.
   */
  emptyIsNoBody?: boolean;
}

/** A body that is not JSON is the caller's mistake: 400 naming the body, never a 500. */
export function requireJsonBody(options: JsonBodyOptions = {}): MiddlewareHandler {
  const refuse = (c: Context, message: string) => invalid(c, [{ field: 'body', message }], options.detail);
  return async (c, next) => {
    if (c.req.method === 'POST' || c.req.method === 'PUT' || c.req.method === 'PATCH') {
      const text = await c.req.text();
      if (text.length === 0 && options.emptyIsNoBody && c.req.header('content-type')) {
        try {
          c.req.raw.headers.delete('content-type');
        } catch {
          return refuse(c, 'The body is empty.');
        }
      }
      if (text.length > 0) {
        if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) return refuse(c, 'Send a JSON body (content-type: application/json).');
        try {
          JSON.parse(text);
        } catch {
          return refuse(c, 'The body is not valid JSON.');
        }
      }
    }
    await next();
  };
}

/** Response entry for createRoute: a JSON body. */
export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

/** Response entry for createRoute: a documented problem body (ProblemSchema, or a problem type of its own). */
export function problemContent<T extends z.ZodType = typeof ProblemSchema>(description: string, schema?: T) {
  return { description, content: { [PROBLEM_CONTENT_TYPE]: { schema: (schema ?? ProblemSchema) as T } } };
}

/**
 * The answers every protected route can give (400, 401, 413, 500), each description replaceable
 * with the service's own words.
 */
export function commonErrors(descriptions: { 400?: string; 401?: string; 413?: string; 500?: string } = {}) {
  return {
    400: problemContent(descriptions[400] ?? 'Bad input: errors[] names each invalid field with its message; an unknown key is named with "Unknown field.".'),
    401: problemContent(descriptions[401] ?? 'Missing or wrong x-service-token (code UNAUTHORISED).'),
    413: problemContent(descriptions[413] ?? 'Request body too large.'),
    500: problemContent(descriptions[500] ?? 'Unexpected failure; the body carries only code INTERNAL.'),
  } as const;
}

export const notFoundContent = (description = 'No such thing.') => ({ 404: problemContent(description) }) as const;

/** Status keys written as numbers; spreading `...commonErrors()` into a literal turns them into strings ("400"). */
type NumericStatusKeys<T> = { [K in keyof T as K extends `${infer N extends number}` ? N : K]: T[K] };

/**
 * `createRoute` of @hono/zod-openapi, with the status keys of spread response entries kept as
 * numbers so each documented problem is part of the handler's typed answer: a handler may return
 * `problemResponse(c, notFoundProblem())` only where its route documents the 404.
 */
export function createRoute<P extends string, R extends Omit<RouteConfig, 'path'> & { path: P }>(config: R): Omit<ReturnType<typeof honoCreateRoute<P, R>>, 'responses'> & { responses: NumericStatusKeys<R['responses']> } {
  // The same object; only its type is sharper.
  return honoCreateRoute(config) as Omit<ReturnType<typeof honoCreateRoute<P, R>>, 'responses'> & { responses: NumericStatusKeys<R['responses']> };
}
