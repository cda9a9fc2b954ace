import type { OpenAPIHono } from '@hono/zod-openapi';
import { payoutStatementCsv } from '@shop/domain/payouts-csv';
import type { VouchersDeps } from '../lib/deps.ts';
import { statementOf, statementsOf } from './payouts.ts';
import * as routes from './payouts.routes.ts';
import { statementPdf } from './statement-pdf.ts';

const download = (type: string, name: string) => ({ 'content-type': type, 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'private, no-store' });

export function registerPayoutRoutes(app: OpenAPIHono, deps: VouchersDeps): void {
  app.openapi(routes.postStatements, async (c) => c.json({ statements: await statementsOf(deps.db, c.req.valid('json'), deps.now()) }, 200));

  app.openapi(routes.postStatement, async (c) => c.json(await statementOf(deps.db, c.req.valid('json'), deps.now()), 200));

  app.openapi(routes.postStatementCsv, async (c) => {
    const statement = await statementOf(deps.db, c.req.valid('json'), deps.now());
    return c.body(payoutStatementCsv(statement), 200, download('text/csv; charset=utf-8', `payout-statement-${statement.startDate}.csv`));
  });

  app.openapi(routes.postStatementPdf, async (c) => {
    const body = c.req.valid('json');
    const statement = await statementOf(deps.db, body, deps.now());
    const pdf = await statementPdf(statement, body.businessName ?? null);
    return c.body(new Uint8Array(pdf), 200, download('application/pdf', `payout-statement-${statement.startDate}.pdf`));
  });
}
