/**
 * The one shape of the shop's PDF routes of a held voucher (print.routes.ts, return-label.routes.ts):
 * the shopper from the session cookie (the GraphQL context factory; a dead cookie cleared on the
 * answer); signed out, 302 to /login?redirect=/myaccount/vouchers; the voucher read as the
 * holder's (heldVoucherOf), anyone else's or an unknown id the same 404 page (Z1, Z2); the PDF
 * private, never stored or indexed; a failing service a 503 page that says so, logged.
 */
import type { Hono } from 'hono';
import { PRIVATE, signInFirst, withSessionCookies, type SessionFileOptions } from '../accounts/session-files.ts';
import type { GatewayContext } from '../context.ts';
import { escapeHtml } from '../html/render-head.ts';
import { heldVoucherOf } from '../schema/vouchers/Voucher.ts';

/** My Vouchers (spec §2 /myaccount/vouchers): the vouchers' PDFs live under it. */
export const MY_VOUCHERS_PATH = '/myaccount/vouchers';
export type HeldVoucherPdfOptions = SessionFileOptions;

export interface HeldVoucherPdfRoute {
  /** The file under /myaccount/vouchers/{voucherId}/, e.g. voucher.pdf. */
  file: string;
  /** The 503 page's title ("Your voucher is not ready"). */
  title: string;
  /** What the 503 page says could not be made ("your printable voucher"). */
  what: string;
  /** The page's reassurance ("Your voucher and its code are safe in"). */
  safe: string;
  failureLog: string;
  /** The PDF and its content-disposition; null: the same 404 as anyone else's voucher. */
  make(ctx: GatewayContext, customerToken: string, held: NonNullable<Awaited<ReturnType<typeof heldVoucherOf>>>): Promise<{ pdf: Uint8Array<ArrayBuffer>; disposition: string } | null>;
}

export function addHeldVoucherPdfRoute(app: Hono, options: HeldVoucherPdfOptions, route: HeldVoucherPdfRoute): void {
  const unavailablePage = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(route.title)}</title></head>
<body><h1>Sorry, we could not make ${escapeHtml(route.what)} just now</h1>
<p>Please try again in a moment. ${escapeHtml(route.safe)} <a href="${escapeHtml(MY_VOUCHERS_PATH)}">My Vouchers</a>.</p></body></html>`;
  app.get(`${MY_VOUCHERS_PATH}/:voucherId/${route.file}`, async (c) => {
    const ctx = options.context(c.req.raw);
    const answer = withSessionCookies(ctx);
    try {
      const customerToken = await ctx.customerToken();
      if (!customerToken) return answer(signInFirst(MY_VOUCHERS_PATH));
      const held = await heldVoucherOf(ctx, c.req.param('voucherId'));
      const made = held ? await route.make(ctx, customerToken, held) : null;
      if (!made) return answer(await options.notFound(c));
      const headers = { 'content-type': 'application/pdf', 'content-length': String(made.pdf.byteLength), 'content-disposition': made.disposition, 'x-robots-tag': 'noindex, nofollow', ...PRIVATE };
      return answer(new Response(made.pdf, { status: 200, headers }));
    } catch (error) {
      options.logger.error(route.failureLog, { correlationId: ctx.requestId, error: String(error) });
      return answer(new Response(unavailablePage, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': '5', ...PRIVATE } }));
    }
  });
}
