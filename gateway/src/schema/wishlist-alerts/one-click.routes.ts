/**
 * One-click unsubscribe for wish list alerts (RFC 8058; issue 19 point 2): every alert email
 * carries `List-Unsubscribe: <{PUBLIC_BASE_URL}/email/alerts?token=…>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, and a mail app's own unsubscribe button
 * POSTs `List-Unsubscribe=One-Click` to that url. The same url opened in a browser (GET) is the
 * shop's page that asks for one press, so a mail scanner following links changes nothing; only
 * this POST acts at once. It runs the shop's own unsubscribeWishlistAlert mutation in process
 * (one way to stop an alert); the signed token is the only credential, so no cookie, session or
 * CSRF token is involved, and the answer is never cached.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ACCOUNT_LINK_PATHS } from '@shop/domain/accounts';
import type { Logger } from '../../logger.ts';
import { requestIdFrom } from '../../context.ts';
import { internalGraphqlRequest } from '../../security/operation-access.ts';

const ONE_CLICK_VALUE = 'One-Click';
const ONE_CLICK_BODY_LIMIT = 4096;

const UNSUBSCRIBE = `mutation OneClickUnsubscribe($token: String!) {
  unsubscribeWishlistAlert(input: { token: $token }) { __typename ... on WishlistAlertUnsubscribed { message } ... on UserError { message } }
}`;

export interface OneClickUnsubscribeOptions {
  /** The gateway's own fetch (GraphQL in process). */
  gateway: { fetch(request: Request): Response | Promise<Response> };
  logger: Logger;
}

const answer = (status: number, text: string) => new Response(`${text}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' } });

export function createOneClickUnsubscribeRoutes(options: OneClickUnsubscribeOptions): Hono {
  const app = new Hono();
  // The form is one short field: anything large is not a mail app's one-click POST.
  app.post(ACCOUNT_LINK_PATHS.wishlistAlerts, bodyLimit({ maxSize: ONE_CLICK_BODY_LIMIT, onError: () => answer(413, 'The request body is too large.') }), async (c) => {
    const token = c.req.query('token')?.trim();
    if (!token) return answer(400, 'token: This link is missing its token.');
    // RFC 8058: the POST says List-Unsubscribe=One-Click (form-encoded or multipart); anything else is not a one-click unsubscribe.
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    if (form['List-Unsubscribe'] !== ONE_CLICK_VALUE) return answer(400, `List-Unsubscribe: Send List-Unsubscribe=${ONE_CLICK_VALUE} to unsubscribe with one click.`);
    const requestId = requestIdFrom(c.req.raw);
    const response = await options.gateway.fetch(internalGraphqlRequest(UNSUBSCRIBE, { token }, { 'x-request-id': requestId }));
    const body = (await response.json().catch(() => null)) as { data?: { unsubscribeWishlistAlert?: { __typename: string; message: string } }; errors?: unknown[] } | null;
    const result = body?.data?.unsubscribeWishlistAlert;
    if (!response.ok || !result) {
      options.logger.warn('One-click unsubscribe failed', { correlationId: requestId, status: response.status, errors: body?.errors });
      return answer(503, 'Sorry, we could not unsubscribe you just now. Please try again.');
    }
    return result.__typename === 'WishlistAlertUnsubscribed' ? answer(200, result.message) : answer(400, `token: ${result.message}`);
  });
  return app;
}
