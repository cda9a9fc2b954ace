/**
 * Error masking (G5) with a real fault: the real deals service (in-process) loses its database
 * under a GraphQL query. The shopper sees "Unexpected error." with a correlation id and nothing
 * internal; the gateway's log and the deals service's log both have the detail under that id.
 */
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSeededDeals } from './test/deals-service.ts';
import { captureLogger, gql, TEST_TOKEN } from './test/helpers.ts';
import { createGateway, type Gateway } from './yoga.ts';

const FORBIDDEN_IN_RESPONSES = [/select\s/i, /\bfrom\s+"?deals/i, /at \w+ \(/, /\/work\//, /node_modules/, /\.ts\b/, /stack/i, /pglite/i, /pool/i, /closed/i];

describe.each(testDatabases())('a deals database that fails under a GraphQL query, on %s', (_name, open) => {
  const logger = captureLogger();
  const serviceLog: { message: string; fields: Record<string, unknown> }[] = [];
  let yoga: Gateway;
  let close = async () => {};

  beforeAll(async () => {
    const deals = await openSeededDeals(open, 30, { log: (message, fields) => serviceLog.push({ message, fields }) });
    close = deals.close;
    yoga = createGateway({ services: { deals: { app: deals.app } }, serviceToken: TEST_TOKEN, logger });
    // Working first, so the failure below is the database, not the setup.
    const ok = await gql(yoga, '{ location(slug: "glasgow") { name deals(first: 1) { totalCount } } }');
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data.location.name).toBe('Glasgow');
    await deals.close();
  });
  afterAll(() => close().catch(() => undefined));

  it('the client sees only "Unexpected error." and a correlation id; both logs have the detail under it', async () => {
    const res = await gql(yoga, '{ location(slug: "glasgow") { name } }', {}, { 'x-request-id': 'req-db-down-0001' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: { location: null },
      errors: [
        {
          message: 'Unexpected error.',
          path: ['location'],
          locations: [{ line: 1, column: 3 }],
          extensions: { code: 'INTERNAL_SERVER_ERROR', correlationId: 'req-db-down-0001' },
        },
      ],
    });
    const text = JSON.stringify(res.body);
    for (const pattern of FORBIDDEN_IN_RESPONSES) expect(text).not.toMatch(pattern);

    // The gateway's log line: the service failure, under the same id.
    const gatewayLines = logger.lines.filter((l) => l.fields?.correlationId === 'req-db-down-0001');
    expect(gatewayLines).toHaveLength(1);
    expect(gatewayLines[0]!.level).toBe('error');
    expect(JSON.stringify(gatewayLines[0]!.fields)).toContain('deals service: 500 INTERNAL');
    // The deals service's log line: the database error itself, under the same id.
    const serviceLines = serviceLog.filter((l) => l.fields.requestId === 'req-db-down-0001');
    expect(serviceLines.length).toBeGreaterThan(0);
    expect(serviceLines[0]!.fields.error).toMatchObject({ message: expect.any(String), stack: expect.any(String) });
  });

  it('without a request id from the caller, the generated one is the correlation id on both sides', async () => {
    const res = await gql(yoga, '{ deal(dealId: "1") { title } }');
    expect(res.body.data).toEqual({ deal: null });
    const correlationId = res.body.errors?.[0]?.extensions?.correlationId as string;
    expect(res.body.errors?.[0]?.message).toBe('Unexpected error.');
    expect(correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(logger.lines.some((l) => l.fields?.correlationId === correlationId)).toBe(true);
    expect(serviceLog.some((l) => l.fields.requestId === correlationId)).toBe(true);
  });
});
