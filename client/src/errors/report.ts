/**
 * Reports to the shop's logging endpoint (spec §7 "Logging"): the not-found logger (page path,
 * user agent, date) and the client error log (name, message, userAgent, referrer, client and
 * server flags). Fire and forget with fetch keepalive, so a report survives the page unloading;
 * a failed report is dropped, never shown. Fields are cut to the endpoint's limits.
 */
import { isRouteErrorResponse } from 'react-router';
import { GraphQLRequestError } from '../relay/environment.ts';

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function post(path: string, body: object): void {
  try {
    fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      keepalive: true,
      credentials: 'same-origin',
    }).catch(() => {});
  } catch {
    // No fetch, or keepalive refused: logging must never break the page.
  }
}

const reportedPaths = new Set<string>();

/** Logs a page that was not found, once per path in this page session. */
export function reportNotFound(path: string): void {
  if (reportedPaths.has(path)) return;
  reportedPaths.add(path);
  post('/api/log/not-found', { path: cut(path, 2048), userAgent: cut(navigator.userAgent, 512), date: new Date().toISOString() });
}

/**
 * Logs an error a route could not render. `server` is set when it came from the server (a
 * failed GraphQL request or an error response), `client` when the browser threw it. Never the
 * stack: name and message only.
 */
export function reportClientError(error: unknown): void {
  const fromServer = error instanceof GraphQLRequestError || isRouteErrorResponse(error);
  let name = 'Error';
  let message: string;
  if (isRouteErrorResponse(error)) {
    name = `HTTP ${error.status}`;
    message = error.statusText || String(error.data ?? '');
  } else if (error instanceof Error) {
    name = error.name || 'Error';
    message = error.message;
  } else {
    message = String(error);
  }
  post('/api/log/client-error', {
    name: cut(name, 200),
    message: cut(message, 2000),
    userAgent: cut(navigator.userAgent, 512),
    referrer: cut(document.referrer, 2048),
    client: !fromServer,
    server: fromServer,
  });
}
