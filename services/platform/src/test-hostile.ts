/**
 * Helpers of the hostile-input tests (reliability V2, V3, V4): every path and query parameter of a
 * service's own OpenAPI document, and every field of a body, replaced in turn by hostile values.
 * Each service keeps its own values and assertions; what is common is how the requests are made.
 */

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  example?: unknown;
  schema?: { example?: unknown };
}
export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: unknown;
  security?: Array<Record<string, string[]>>;
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** An answer no input may cause: a 5xx, a redirect or anything below 200 (2xx and 4xx only). */
export const unsafeStatus = (status: number): boolean => status >= 500 || status < 200 || (status >= 300 && status < 400);

/** Every path into a body: each leaf and each nested object or array. */
export function bodyPaths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const out: string[][] = prefix.length ? [prefix] : [];
  for (const [k, v] of Object.entries(value)) out.push(...bodyPaths(v, [...prefix, k]));
  return out;
}

/** A copy of `body` with the value at `path` replaced (the whole body for an empty path). */
export function replacedAt(body: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  // An array stays an array: its copy is indexed by the path's (string) index like an object.
  const copy = (Array.isArray(body) ? [...body] : { ...(body as Record<string, unknown>) }) as Record<string, unknown>;
  copy[path[0]!] = replacedAt(copy[path[0]!], path.slice(1), value);
  return copy;
}

/**
 * The GET requests of a document's path and query parameters with hostile values: for each
 * parameter, one url a value (the other path parameters at their example, else '1'), and for a
 * query parameter the parameter given twice ('1', then the first value).
 */
export function hostileGetUrls(doc: OpenApiDoc, values: readonly string[]): { parameters: number; cases: Array<{ param: OpenApiParameter; url: string; value: string }> } {
  const exampleOf = (p: OpenApiParameter) => String(p.example ?? p.schema?.example ?? '1');
  const cases: Array<{ param: OpenApiParameter; url: string; value: string }> = [];
  let parameters = 0;
  for (const [template, operations] of Object.entries(doc.paths)) {
    const get = operations.get;
    if (!get) continue;
    const params = (get.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
    const build = (target: OpenApiParameter, value: string, twice = false) => {
      let path = template;
      for (const p of params.filter((x) => x.in === 'path')) {
        path = path.replace(`{${p.name}}`, encodeURIComponent(p === target ? value : exampleOf(p)));
      }
      if (target.in !== 'query') return path;
      const q = `${encodeURIComponent(target.name)}=${encodeURIComponent(value)}`;
      return `${path}?${q}${twice ? `&${q}` : ''}`;
    };
    for (const param of params) {
      parameters++;
      for (const v of values) cases.push({ param, url: build(param, v), value: v });
      if (param.in === 'query') cases.push({ param, url: build(param, '1', true), value: '' }, { param, url: build(param, values[0]!, true), value: '' });
    }
  }
  return { parameters, cases };
}

/**
 * Sends each request of hostileGetUrls(doc, values) with `get` (reading its body) and lists as
 * failures the unsafe answers and those `refused` says the service's own rules forbid.
 */
export async function sendHostileGets(
  doc: OpenApiDoc,
  values: readonly string[],
  get: (url: string) => Promise<Response>,
  refused: (request: { param: OpenApiParameter; url: string; value: string }, status: number) => boolean = () => false,
): Promise<{ parameters: number; requests: number; failures: string[] }> {
  const { parameters, cases } = hostileGetUrls(doc, values);
  const failures: string[] = [];
  let requests = 0;
  for (const request of cases) {
    requests++;
    const res = await get(request.url);
    await res.arrayBuffer();
    if (unsafeStatus(res.status) || refused(request, res.status)) failures.push(`${res.status} ${request.url.slice(0, 160)}`);
  }
  return { parameters, requests, failures };
}

/*
 * Hostile strings more than one service sends, in groups: each service's own list spreads the
 * groups it wants among its own values.
 */
/** SQL that a query built by concatenation would run. */
export const SQL_PROBES = ["' OR 1=1--", '1; select pg_sleep(10)'] as const;
/** LIKE and pattern metacharacters. */
export const WILDCARDS = ['%', '_', '\\', '%_\\', '*'] as const;
/** Control characters, a mail-header injection and a 10 KiB value. */
export const CONTROL_TEXT = ['\u0000', 'a\u0000b', '\u0007\u001b[31m', 'x\r\nBcc: eve@example.com', 'x'.repeat(10 * 1024)] as const;
/** Empty, blank and not a number. */
export const BLANKS = ['', ' ', 'NaN'] as const;
