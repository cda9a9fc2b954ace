/** Test helpers: GraphQL over yoga.fetch, captured logs, fake service targets. */
/* eslint-disable @typescript-eslint/no-explicit-any -- response data is asserted on, not typed */
import type { Logger } from '../logger.ts';

export const TEST_TOKEN = 'test-service-token-0123456789';

export interface GraphQLResponse<T = any> {
  status: number;
  headers: Headers;
  body: { data?: T; errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, any> }[] };
}

type FetchLike = { fetch(request: Request): Response | Promise<Response> };

export async function gql<T = any>(
  server: FetchLike,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<GraphQLResponse<T>> {
  const response = await server.fetch(
    new Request('http://shop.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    }),
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) };
}

export function captureLogger(): Logger & { lines: { level: string; message: string; fields?: Record<string, unknown> }[] } {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const push = (level: string) => (message: string, fields?: Record<string, unknown>) => {
    lines.push({ level, message, ...(fields ? { fields } : {}) });
  };
  return { lines, info: push('info'), warn: push('warn'), error: push('error') };
}

/** A deals "service" answering every request with `respond`, recording the requests it saw. */
export function fakeService(respond: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  return {
    requests,
    fetch(request: Request) {
      requests.push(request);
      return respond(request);
    },
  };
}
