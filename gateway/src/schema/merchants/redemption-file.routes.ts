/**
 * POST /insights/redemption-file?business={MerchantBusiness.id}&name={file name} (issue 17 point
 * 3): the till's "Redeem a file of codes" sends the file itself here, as its body (text/csv or
 * text/plain, at most 2 MB: 10,000 codes with a few columns each), because /graphql takes 100 KiB.
 * The member is the session cookie's, looked up exactly as the GraphQL context does; the answer is
 * redeemVoucherCodes's, as JSON: `{ __typename: 'VoucherCodesRedeemed', lines, summary }` or a
 * user error `{ __typename, code, field, message }` (signed out, not a member — the same not found
 * as an unknown business —, too many codes, no codes).
 *
 * Only the shop's own page can send it: the body must be text/csv, a type no HTML form can send
 * (a script elsewhere would need CORS, which the shop never grants); a browser that says the
 * request is cross-site (Sec-Fetch-Site), or an Origin that is not the shop's, is refused as
 * /graphql refuses them (yoga.ts); and the session cookie is SameSite=Lax.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { GatewayContext } from '../../context.ts';
import type { Logger } from '../../logger.ts';
import { CSV_MAX_CHARS, redeemCodesFile } from './Mutation.redeemVoucherCodes.ts';

export const REDEMPTION_FILE_PATH = '/insights/redemption-file';
/** Never a type an HTML form can send (text/plain, urlencoded, multipart): a cross-site form cannot post here. */
const TYPES = new Set(['text/csv']);

export function createRedemptionFileRoutes(options: { context: (request: Request) => GatewayContext; logger: Logger; publicOrigin: string }): Hono {
  const app = new Hono();
  const headers = { 'cache-control': 'private, no-store' };
  app.post(
    REDEMPTION_FILE_PATH,
    bodyLimit({
      maxSize: CSV_MAX_CHARS,
      onError: (c) => c.json({ __typename: 'ValidationError', code: 'REDEMPTION_FILE_TOO_LARGE', field: 'csv', message: 'This file is larger than 2 MB: a file of codes can have at most 10,000 codes.' }, 413, headers),
    }),
    async (c) => {
      const site = c.req.header('sec-fetch-site');
      const origin = c.req.header('origin');
      if ((site && site !== 'same-origin') || (!site && origin !== undefined && origin !== options.publicOrigin)) {
        return c.json({ __typename: 'ValidationError', code: 'VALIDATION_FAILED', field: null, message: 'Cross-site requests are not allowed.' }, 403, headers);
      }
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (!TYPES.has(type)) return c.json({ __typename: 'ValidationError', code: 'VALIDATION_FAILED', field: 'csv', message: 'Send the file as text/csv.' }, 415, headers);
      const ctx = options.context(c.req.raw);
      try {
        const answer = await redeemCodesFile(ctx, { businessId: c.req.query('business') ?? '', csv: await c.req.text(), fileName: c.req.query('name') ?? null });
        const response = c.json(answer, 200, headers);
        for (const header of ctx.responseCookies.headers()) response.headers.append('set-cookie', header);
        return response;
      } catch (error) {
        options.logger.error('Redeeming a file of codes failed', { error: String(error), correlationId: c.req.header('x-request-id') ?? null });
        return c.json({ __typename: 'ServiceError', code: 'SERVICE_UNAVAILABLE', field: null, message: 'Sorry, the file could not be redeemed just now. Nothing in it was redeemed twice: try again.' }, 503, headers);
      }
    },
  );
  return app;
}
