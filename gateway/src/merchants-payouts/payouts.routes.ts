/**
 * GET /insights/payouts/{businessId}/payout-statement-{Monday}.{csv|pdf} (issue 17 point 6): a
 * member's weekly payout statement as a file, the "Download CSV" and "Download PDF" links of the
 * dashboard's Payouts section. The browser cannot call the services (the service credential), so
 * the shop asks them here, checking what GraphQL checks:
 *
 * - the account is the session cookie's, looked up exactly as the GraphQL context does (the same
 *   context factory; a dead cookie cleared on this answer too); signed out: 302 to
 *   /login?redirect=/insights/payouts;
 * - the business is read as the member's (merchantBusinesses.businessOf, as membershipOf does for
 *   GraphQL): another business's statement, an unknown or malformed id, a file name that is not a
 *   Monday's statement, and a business with no deals yet are the same 404 page (the Z rule);
 * - the vouchers service is asked about that business's own deal ids with its commission rates;
 * - the file is an attachment, private, never stored or indexed.
 *
 * A service that fails or is slow: 503, a short page that says so (logged with the request id).
 */
import { Hono } from 'hono';
import { PRIVATE, signInFirst, withSessionCookies, type SessionFileOptions } from '../accounts/session-files.ts';
import { PAYOUT_FILES_PATH, statementRequest, weekStartProblem } from '../schema/merchants-payouts/payouts.ts';

const FILE = /^payout-statement-(\d{4}-\d{2}-\d{2})\.(csv|pdf)$/;
const UNAVAILABLE = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Your statement is not ready</title></head>
<body><h1>Sorry, we could not make your payout statement just now</h1>
<p>Please try again in a moment, from <a href="${PAYOUT_FILES_PATH}">Payouts</a>.</p></body></html>`;

export type PayoutFileRoutesOptions = SessionFileOptions;

export function createPayoutFileRoutes(options: PayoutFileRoutesOptions): Hono {
  const app = new Hono();
  app.get(`${PAYOUT_FILES_PATH}/:businessId/:file`, async (c) => {
    const ctx = options.context(c.req.raw);
    const answer = withSessionCookies(ctx);
    try {
      const customerToken = await ctx.customerToken();
      if (!customerToken) return answer(signInFirst(PAYOUT_FILES_PATH));
      // The membership first, whatever the file name: a stranger learns nothing from the answer.
      const businessId = c.req.param('businessId');
      const business = /^[1-9][0-9]{0,14}$/.test(businessId) ? await ctx.clients.merchantBusinesses.businessOf(customerToken, businessId) : null;
      const match = FILE.exec(c.req.param('file'));
      if (!business || !match || weekStartProblem(match[1]!) || !business.dealIds.length) return answer(await options.notFound(c));
      const [, from, format] = match as unknown as [string, string, 'csv' | 'pdf'];
      const file = await ctx.clients.payouts.file(format, await statementRequest(ctx, business, from, true));
      if (!file) return answer(await options.notFound(c));
      const headers = {
        'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf',
        'content-length': String(file.bytes.byteLength),
        'content-disposition': `attachment; filename="payout-statement-${from}.${format}"`,
        'x-robots-tag': 'noindex, nofollow',
        ...PRIVATE,
      };
      return answer(new Response(file.bytes, { status: 200, headers }));
    } catch (error) {
      options.logger.error('A payout statement file failed', { correlationId: ctx.requestId, error: String(error) });
      return answer(new Response(UNAVAILABLE, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': '5', ...PRIVATE } }));
    }
  });
  return app;
}
