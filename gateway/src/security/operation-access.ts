/**
 * Who may run what (architecture.md "Who may call what", reliability A7, G2, G3).
 *
 * - Shoppers run only the SPA's persisted operations: the Relay compiler writes each operation's
 *   text under its SHA-256 (client/persisted-operations.json, relay.config.js persistConfig) and
 *   the SPA sends `{ documentId: "sha256:<hex>", variables }`. The stored text is what runs;
 *   a request carrying its own `query` text is refused (PersistedQueryOnly), an unknown id is
 *   PersistedQueryNotFound, and variables are validated against the stored document as usual.
 * - In production (`persistedOnly`), any other operation, introspection and GraphiQL need a staff
 *   API key (`Authorization: Bearer <key>`) or a staff person's session cookie (`__Host-staff`,
 *   staff/staff-sign-in.ts), each checked with the users service and cached briefly. A shopper's
 *   session cookie never counts.
 * - The shop's own page-head queries (html/shop-pages.ts) are made in process and marked as such
 *   (markInternalRequest); nothing from outside can mark a request.
 * - Outside production everything stays open (GraphiQL, introspection, any operation), and the
 *   persisted ids work too.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import type { Plugin } from 'graphql-yoga';
import { STAFF_SESSION_COOKIE } from '@shop/domain/accounts';
import { requestCookies } from '../accounts/cookies.ts';
import { STAFF_SESSION_SHAPE } from '../staff/staff-sign-in.ts';
import { createUsersClient } from '../clients/users.client.ts';
import { createRestCallLog, createRestClient, DEFAULT_TIMEOUT_MS, type ServiceTarget } from '../clients/rest-client.ts';
import type { Logger } from '../logger.ts';

/** Written by the client build (scripts/tasks.ts relayCompile); read once at start. */
export const PERSISTED_OPERATIONS_FILE = fileURLToPath(new URL('../../../client/persisted-operations.json', import.meta.url));
/** The request field carrying the persisted id (the GraphQL-over-HTTP persisted documents draft). */
export const DOCUMENT_ID_PARAM = 'documentId';
const DOCUMENT_ID = /^sha256:([0-9a-f]{64})$/;
const BEARER = /^Bearer ([\x21-\x7e]{1,200})$/;
/** How long the gateway trusts a staff key verdict: a revoked key stops working within this. */
export const STAFF_KEY_CACHE_MS = 10_000;
const STAFF_KEY_CACHE_SIZE = 1000;

export type PersistedOperations = Readonly<Record<string, string>>;

/** The map the client build wrote; empty when the client is not built yet (the SPA cannot run then anyway). */
export function loadPersistedOperations(file = PERSISTED_OPERATIONS_FILE): PersistedOperations {
  if (!existsSync(file)) return {};
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${file} is not a persisted-operations map`);
  for (const [id, text] of Object.entries(parsed)) {
    if (!/^[0-9a-f]{64}$/.test(id) || typeof text !== 'string') throw new Error(`${file}: bad entry ${id.slice(0, 80)}`);
  }
  return parsed as PersistedOperations;
}

/**
 * The operations the shipped client sends, by name: each Relay artifact's persisted id looked up in
 * the map the same build wrote. For tests and benchmarks that measure the client's own queries.
 */
export function shippedOperations(file = PERSISTED_OPERATIONS_FILE): Array<[name: string, text: string]> {
  const map = loadPersistedOperations(file);
  const dir = fileURLToPath(new URL('../../../client/src/__generated__/', import.meta.url));
  if (!existsSync(dir)) return [];
  const ops: Array<[string, string]> = [];
  for (const f of readdirSync(dir).filter((name) => name.endsWith('.graphql.ts'))) {
    const id = /"id": "([0-9a-f]{64})"/.exec(readFileSync(join(dir, f), 'utf8'))?.[1];
    if (id && Object.hasOwn(map, id)) ops.push([f.replace('.graphql.ts', ''), map[id]!]);
  }
  return ops;
}

const internalRequests = new WeakSet<Request>();
/** Marks a request the shop's own code builds in process (page heads) as trusted. */
export function markInternalRequest(request: Request): Request {
  internalRequests.add(request);
  return request;
}

/**
 * A GraphQL request the shop's own code makes in process through the gateway's fetch (page heads,
 * the one-click unsubscribe), marked trusted as an internal tool's. `headers` carry the request id
 * and, for a page of the viewer's own, their cookie.
 */
export function internalGraphqlRequest(document: string, variables: Record<string, unknown>, headers: Record<string, string> = {}): Request {
  return markInternalRequest(
    new Request('http://shop.internal/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify({ query: document, variables }),
    }),
  );
}

export interface OperationAccessOptions {
  /** Production: shoppers run only persisted operations; introspection and GraphiQL need a staff key. */
  persistedOnly: boolean;
  persistedOperations: PersistedOperations;
  /** The users service, which knows the staff keys (none: no request is staff). */
  users?: ServiceTarget;
  serviceToken: string;
  logger: Logger;
  timeoutMs?: number;
  now?: () => Date;
  cacheMs?: number;
}

export interface OperationAccess {
  /** The plugins, in this order before the others: persisted operations, introspection. */
  plugins: Plugin[];
  /** May this request run any operation, introspect and open GraphiQL? */
  isPrivileged(request: Request): Promise<boolean>;
  /**
   * The name of the valid staff key the request carries, else null, in production or not (the
   * staff-only fields, staff-fields.ts): outside production anyone may run any operation, but only
   * a staff key is staff.
   */
  staffName(request: Request): Promise<string | null>;
}

export function createOperationAccess(options: OperationAccessOptions): OperationAccess {
  const now = options.now ?? (() => new Date());
  const cacheMs = options.cacheMs ?? STAFF_KEY_CACHE_MS;
  /** sha256(key) → verdict; bounded, oldest dropped first. */
  const verdicts = new Map<string, { name: string | null; until: number }>();
  const byRequest = new WeakMap<Request, Promise<string | null>>();
  if (options.persistedOnly && Object.keys(options.persistedOperations).length === 0) {
    options.logger.warn('No persisted operations: the client is not built (npm start builds it), so the shop pages cannot query the gateway');
  }

  /** The key's (or the staff session's) name when it is valid, else null. */
  async function verify(key: string, request: Request, kind: 'key' | 'session'): Promise<string | null> {
    const digest = createHash('sha256').update(`${kind}\u0000${key}`).digest('hex');
    const at = now().getTime();
    const known = verdicts.get(digest);
    if (known && known.until > at) return known.name;
    if (!options.users) return null;
    const requestId = request.headers.get('x-request-id') ?? crypto.randomUUID();
    const users = createUsersClient(
      createRestClient({ service: 'users', target: options.users, serviceToken: options.serviceToken, requestId, log: createRestCallLog(), timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS }),
    );
    try {
      const { valid, name } = kind === 'key' ? await users.verifyStaffKey(key) : await users.verifyStaffSession(key);
      const staff = valid ? (name ?? 'staff') : null;
      verdicts.delete(digest);
      verdicts.set(digest, { name: staff, until: at + cacheMs });
      while (verdicts.size > STAFF_KEY_CACHE_SIZE) verdicts.delete(verdicts.keys().next().value!);
      if (valid) options.logger.info(kind === 'key' ? 'Staff key used' : 'Staff session used', { name, correlationId: requestId });
      return staff;
    } catch (error) {
      // Fail closed, and do not remember it: the next request asks again.
      options.logger.warn('Staff key check failed', { correlationId: requestId, error: String(error) });
      return null;
    }
  }

  function staffName(request: Request): Promise<string | null> {
    let verdict = byRequest.get(request);
    if (!verdict) {
      const bearer = BEARER.exec(request.headers.get('authorization') ?? '');
      // A staff person's browser (staff/staff-sign-in.ts): the staff cookie, never the shopper's session.
      const session = bearer ? undefined : requestCookies(request)[STAFF_SESSION_COOKIE];
      verdict = bearer ? verify(bearer[1]!, request, 'key') : session && STAFF_SESSION_SHAPE.test(session) ? verify(session, request, 'session') : Promise.resolve(null);
      byRequest.set(request, verdict);
    }
    return verdict;
  }

  async function isPrivileged(request: Request): Promise<boolean> {
    if (!options.persistedOnly || internalRequests.has(request)) return true;
    return (await staffName(request)) !== null;
  }

  const plugins: Plugin[] = [
    usePersistedOperations({
      extractPersistedOperationId: (params) => {
        const id = (params as Record<string, unknown>)[DOCUMENT_ID_PARAM];
        return typeof id === 'string' ? (DOCUMENT_ID.exec(id)?.[1] ?? id) : null;
      },
      getPersistedOperation: (id) => (Object.hasOwn(options.persistedOperations, id) ? options.persistedOperations[id]! : null),
      allowArbitraryOperations: options.persistedOnly ? isPrivileged : true,
      // Neither text nor id: Yoga's own answer for a missing query (400), as before the plugin.
      customErrors: {
        keyNotFound: { message: 'Must provide query string.', extensions: { http: { spec: true, status: 400, headers: { Allow: 'GET, POST' } }, code: 'BAD_REQUEST' } },
      },
    }) as Plugin,
    useDisableIntrospection({ isDisabled: async (request) => !(await isPrivileged(request)) }) as Plugin,
  ];
  return { plugins, isPrivileged, staffName };
}
