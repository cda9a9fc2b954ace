/**
 * The address service (README.md is the contract): UK postcode validation and lookup over the
 * seeded address table (spec §7 "Address"). The shop mounts it under /api/address.
 */
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { parsePostcode } from '@shop/domain/postcodes';
import { createServiceApp } from '@shop/platform';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { AddressDb } from './db/database.ts';
import { fail } from './lib/http.ts';
import * as routes from './routes.ts';
import { addressByMoniker, addressesAt, autocomplete, formattedLines } from './store.ts';

export const ADDRESS_BASE_PATH = '/api/address';
export const QUERY_MAX = 100;

export interface AddressAppOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop passes its one schema-agnostic handle
  db: AddressDb | Kysely<any>;
  serviceToken: string;
  basePath?: string;
  log?: (message: string, fields: Record<string, unknown>) => void;
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const invalidPostcode = (c: Context) => fail(c, 400, 'VALIDATION_FAILED', { detail: BUYING_MESSAGES.postcode, errors: [{ field: 'postcode', message: BUYING_MESSAGES.postcode }] });
/** A 400 naming `query`, with the domain's copy as its detail. */
const invalidQuery = (c: Context, message: string) => fail(c, 400, 'VALIDATION_FAILED', { errors: [{ field: 'query', message }] });
const addressNotFound = (c: Context) => fail(c, 404, 'NOT_FOUND');

export function createAddressApp(options: AddressAppOptions): OpenAPIHono {
  const db = options.db as AddressDb;
  const app = createServiceApp({
    // A validation 400 says the domain's words (the gateway may show them).
    fieldNaming: { detail: ERROR_MESSAGES.VALIDATION_FAILED },
    title: 'Address service',
    version: '1.0.0',
    description: "UK postcode validation ('Enter a valid postcode') and address lookup over the seeded address table (spec §7 Address), for the delivery of goods and gift packs.",
    serviceToken: options.serviceToken,
    basePath: options.basePath ?? ADDRESS_BASE_PATH,
    tags: [
      { name: 'Addresses', description: 'Addresses by postcode, by moniker, and as the shopper types.' },
      { name: 'Postcodes', description: 'UK postcode checks.' },
    ],
    ...(options.log ? { log: options.log } : {}),
  });

  app.openapi(routes.byPostcode, async (c) => {
    const parsed = parsePostcode(c.req.valid('param').postcode);
    if (!parsed) return invalidPostcode(c);
    return c.json({ postcode: parsed.postcode, addresses: await addressesAt(db, parsed.postcode) }, 200);
  });

  app.openapi(routes.validatePostcode, async (c) => {
    const parsed = parsePostcode(c.req.valid('param').postcode);
    if (!parsed) return invalidPostcode(c);
    const known = (await addressesAt(db, parsed.postcode)).length > 0;
    return c.json({ valid: true as const, postcode: parsed.postcode, outcode: parsed.outcode, known }, 200);
  });

  app.openapi(routes.autocomplete, async (c) => {
    const { query } = c.req.valid('query');
    const trimmed = query.trim();
    if (!trimmed) return invalidQuery(c, BUYING_MESSAGES.required);
    if (query.length > QUERY_MAX) return invalidQuery(c, `At most ${QUERY_MAX} characters.`);
    if (CONTROL.test(query) || LONE_SURROGATE.test(query)) return invalidQuery(c, 'Control characters are not allowed.');
    return c.json({ query: trimmed, addresses: await autocomplete(db, trimmed) }, 200);
  });

  app.openapi(routes.byMoniker, async (c) => {
    const a = await addressByMoniker(db, c.req.valid('param').moniker);
    if (!a) return addressNotFound(c);
    return c.json(a, 200);
  });

  app.openapi(routes.format, async (c) => {
    const a = await addressByMoniker(db, c.req.valid('param').key);
    if (!a) return addressNotFound(c);
    return c.json({ ...a, lines: formattedLines(a) }, 200);
  });

  return app;
}
