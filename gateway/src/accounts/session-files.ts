/**
 * What every file the shop serves behind the shopper's session cookie does the same way (a held
 * voucher's PDFs, vouchers/held-voucher-pdf.ts; a member's payout files,
 * merchants-payouts/payouts.routes.ts): the GraphQL context factory's session lookup, whose cookies
 * (a dead session cleared) go on every answer; signed out, to the login page and back; private,
 * never stored.
 */
import type { Context } from 'hono';
import type { GatewayContext } from '../context.ts';
import type { Logger } from '../logger.ts';

export const PRIVATE = { 'cache-control': 'private, no-store' } as const;

export interface SessionFileOptions {
  /** The gateway's per-request context (context.ts createContextFactory): the session, clients and loaders. */
  context: (request: Request) => GatewayContext;
  /** The shop's own 404 page for this request. */
  notFound: (c: Context) => Response | Promise<Response>;
  logger: Logger;
}

/** Adds the cookies the session lookup decided to an answer. */
export const withSessionCookies =
  (ctx: GatewayContext) =>
  (response: Response): Response => {
    for (const header of ctx.responseCookies.headers()) response.headers.append('set-cookie', header);
    return response;
  };

/** Signed out: the login page, back to `redirect` after. */
export const signInFirst = (redirect: string) => new Response(null, { status: 302, headers: { location: `/login?${new URLSearchParams({ redirect })}`, ...PRIVATE } });
