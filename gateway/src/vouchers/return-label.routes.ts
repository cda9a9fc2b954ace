/**
 * GET /myaccount/vouchers/{voucherId}/return-label.pdf (issue 16 point 6; spec §7 /v1/returns/pdf):
 * the signed-in holder's returns label, the "Download returns label" link of My Vouchers, built
 * like the printed voucher's route (print.routes.ts):
 *
 * - the shopper is the session cookie's (the GraphQL context factory); signed out: 302 to
 *   /login?redirect=/myaccount/vouchers;
 * - the voucher is read as the holder's (heldVoucherOf), and the vouchers service answers only the
 *   holder's return: another shopper's voucher, a voucher with no return, an unknown, malformed or
 *   retyped id are the same 404 page (Z1, Z2);
 * - the PDF: application/pdf, a download named returns-label-{tracking reference}.pdf (never the
 *   voucher's code: a redeemable code must not sit in the browser's download history), private,
 *   never stored or indexed.
 *
 * A service that fails or is slow: 503, a short page that says so (logged with the request id).
 */
import { Hono, type Context } from 'hono';
import type { GatewayContext } from '../context.ts';
import { escapeHtml } from '../html/render-head.ts';
import type { Logger } from '../logger.ts';
import { heldVoucherOf } from '../schema/vouchers/Voucher.ts';

export interface ReturnLabelRoutesOptions {
  context: (request: Request) => GatewayContext;
  notFound: (c: Context) => Response | Promise<Response>;
  logger: Logger;
}

const MY_VOUCHERS_PATH = '/myaccount/vouchers';
const PRIVATE = { 'cache-control': 'private, no-store' } as const;

const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Your returns label is not ready</title></head>
<body><h1>Sorry, we could not make your returns label just now</h1>
<p>Please try again in a moment. Your return is safe in <a href="${escapeHtml(MY_VOUCHERS_PATH)}">My Vouchers</a>.</p></body></html>`;

export function createReturnLabelRoutes(options: ReturnLabelRoutesOptions): Hono {
  const app = new Hono();
  app.get(`${MY_VOUCHERS_PATH}/:voucherId/return-label.pdf`, async (c) => {
    const ctx = options.context(c.req.raw);
    const answer = (response: Response) => {
      for (const header of ctx.responseCookies.headers()) response.headers.append('set-cookie', header);
      return response;
    };
    try {
      const customerToken = await ctx.customerToken();
      if (!customerToken) return answer(new Response(null, { status: 302, headers: { location: `/login?${new URLSearchParams({ redirect: MY_VOUCHERS_PATH })}`, ...PRIVATE } }));
      const held = await heldVoucherOf(ctx, c.req.param('voucherId'));
      // The return's data (its tracking reference names the file) and its PDF, side by side.
      const [ret, pdf] = held ? await Promise.all([ctx.clients.vouchers.returnOfVoucher(customerToken, held.id), ctx.clients.vouchers.returnLabel(customerToken, held.id)]) : [null, null];
      if (!held || !ret || !pdf) return answer(await options.notFound(c));
      return answer(
        new Response(pdf, {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-length': String(pdf.byteLength),
            'content-disposition': `attachment; filename="returns-label-${ret.return.trackingNumber}.pdf"`,
            'x-robots-tag': 'noindex, nofollow',
            ...PRIVATE,
          },
        }),
      );
    } catch (error) {
      options.logger.error('Making a returns label failed', { correlationId: ctx.requestId, error: String(error) });
      return answer(new Response(UNAVAILABLE_PAGE, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': '5', ...PRIVATE } }));
    }
  });
  return app;
}
