/**
 * A fresh database with the basket schema, the basket app wired to an in-memory catalogue (a
 * real ProductCheck over a product table the test can change: sell out, disable, close), and
 * helpers to call the app as the gateway does.
 */
import { SERVICE_TOKEN_HEADER, type Database } from '@shop/platform';
import type { OpenTestDatabase } from '@shop/platform/test-databases';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { createBasketApp, type BasketAppOptions } from '../app.ts';
import type { BasketResponse } from '../contract.ts';
import { migrateBasket } from '../db/database.ts';
import type { CatalogueProduct, ProductCheck } from '../lines/product-check.ts';

export const TEST_TOKEN = 'basket-test-service-token';
export const BASE = '/api/basket';

/** The in-memory catalogue: product id → product. Purchases today per customer key. */
export class MemoryCatalogue {
  readonly products = new Map<number, CatalogueProduct>();
  readonly bought = new Map<string, number>();
  calls = 0;

  add(id: number, fields: Partial<CatalogueProduct> & { dealId: number }): this {
    this.products.set(id, {
      disabled: false,
      closed: false,
      vipExclusive: false,
      remaining: null,
      purchaseCap: null,
      boughtToday: 0,
      pricePerPerson: false,
      depositPricePence: null,
      ...fields,
    });
    return this;
  }

  set(id: number, fields: Partial<CatalogueProduct>): void {
    const p = this.products.get(id);
    if (!p) throw new Error(`no product ${id}`);
    this.products.set(id, { ...p, ...fields });
  }

  readonly check: ProductCheck = async ({ productIds, customerKey }) => {
    this.calls++;
    const out = new Map<number, CatalogueProduct>();
    for (const id of productIds) {
      const p = this.products.get(id);
      if (p) out.set(id, { ...p, boughtToday: customerKey ? (this.bought.get(`${customerKey}|${id}`) ?? 0) : 0 });
    }
    return out;
  };
}

/** The seeded catalogue of the tests. */
export function testCatalogue(): MemoryCatalogue {
  return new MemoryCatalogue()
    .add(101, { dealId: 10 }) // an ordinary restaurant voucher
    .add(102, { dealId: 10 })
    .add(103, { dealId: 10 })
    .add(201, { dealId: 20, remaining: 3 }) // three left
    .add(202, { dealId: 20, purchaseCap: 2 }) // at most 2 per customer per day
    .add(301, { dealId: 30, pricePerPerson: true })
    .add(401, { dealId: 40, depositPricePence: 2500 })
    .add(402, { dealId: 40 })
    .add(501, { dealId: 50, disabled: true })
    .add(601, { dealId: 60, closed: true })
    .add(701, { dealId: 70, vipExclusive: true })
    .add(801, { dealId: 80, remaining: 0 })
    .add(9001, { dealId: 90 }) // the VVE add-on product
    .add(9101, { dealId: 91 }) // gift packs
    .add(9102, { dealId: 91 });
}

export interface CallOptions {
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface BasketFixture {
  database: Database;
  app: OpenAPIHono;
  catalogue: MemoryCatalogue;
  logged: Array<{ message: string; fields: Record<string, unknown> }>;
  call(method: string, path: string, options?: CallOptions): Promise<Response>;
  /** Calls and parses a JSON answer, failing the test on another status. */
  ok<T = BasketResponse>(method: string, path: string, body?: unknown, status?: number): Promise<T>;
  /** Creates a basket and returns its token. */
  create(body?: Record<string, unknown>, query?: string): Promise<{ token: string; basket: BasketResponse; location: string }>;
  customer(label?: string): string;
  withApp(options: Partial<BasketAppOptions>): OpenAPIHono;
  close(): Promise<void>;
}

let counter = 0;

export async function basketFixture(open: OpenTestDatabase, options: Partial<BasketAppOptions> = {}): Promise<BasketFixture> {
  const database = await open();
  await migrateBasket(database.db);
  const catalogue = testCatalogue();
  const logged: BasketFixture['logged'] = [];
  const log = (message: string, fields: Record<string, unknown>) => void logged.push({ message, fields });
  const make = (o: Partial<BasketAppOptions>) => createBasketApp({ db: database.db, serviceToken: TEST_TOKEN, basePath: BASE, productCheck: catalogue.check, log, ...options, ...o });
  const app = make({});

  const call: BasketFixture['call'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { [SERVICE_TOKEN_HEADER]: TEST_TOKEN, ...o.headers };
    let body: string | undefined;
    if (o.rawBody !== undefined) body = o.rawBody;
    else if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    return app.request(path, { method, headers, ...(body !== undefined ? { body } : {}) });
  };

  const ok: BasketFixture['ok'] = async (method, path, body, status = 200) => {
    const res = await call(method, path, body === undefined ? {} : { body });
    const text = await res.text();
    if (res.status !== status) throw new Error(`${method} ${path}: expected ${status}, got ${res.status}: ${text}`);
    return JSON.parse(text);
  };

  return {
    database,
    app,
    catalogue,
    logged,
    call,
    ok,
    async create(body = {}, query = '') {
      const res = await call('POST', `/basket${query}`, { body: { brand: 'wowcher', products: [], ...body } });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`create: ${res.status} ${text}`);
      const location = res.headers.get('location') ?? '';
      return { token: location.split('/').pop()!, basket: JSON.parse(text), location };
    },
    customer(label = 'c') {
      counter++;
      return `cust_${label}_${process.pid}_${counter}_${Math.random().toString(36).slice(2, 10)}`;
    },
    withApp: make,
    close: () => database.close(),
  };
}
