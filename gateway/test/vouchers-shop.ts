/**
 * The shop (createShopApp: /graphql and its routes) over the in-process buying services, as the
 * vouchers tests drive it (refunds, returns, gifts, extension), with a throwaway client dist; and
 * a shopper who registers and confirms their email (signed in).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { ServiceTarget } from '../src/clients/rest-client.ts';
import type { Logger } from '../src/logger.ts';
import { createShopApp } from '../src/server.ts';
import { Browser, testClientAddress } from '../src/test/accounts-services.ts';
import { captureLogger, TEST_TOKEN } from '../src/test/helpers.ts';
import { PASSWORD, type BuyingServices } from './buying-services.ts';

export type ShopApp = ReturnType<typeof createShopApp>['app'];

const appOf = (target: ServiceTarget | undefined) => {
  if (!target || !('app' in target)) throw new Error('an in-process service');
  return target.app;
};

let ipCounter = 0;
let sequence = 0;

/** The shop over `services` (x-rest-calls exposed); `close()` removes its client dist. */
export function shopOver(services: BuyingServices, logger: Logger = captureLogger()): { app: ShopApp; browser(): Browser; close(): void } {
  const dist = mkdtempSync(join(tmpdir(), 'shop-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
  const { targets } = services;
  const app = createShopApp({
    dealsApp: appOf(targets.deals),
    usersApp: appOf(targets.users),
    buying: {
      basket: { app: appOf(targets.basket) },
      checkout: { app: appOf(targets.checkout) },
      payment: { app: appOf(targets.payment) },
      wallet: { app: appOf(targets.wallet) },
      vouchers: { app: appOf(targets.vouchers) },
      address: { app: appOf(targets.address) },
    },
    serviceToken: TEST_TOKEN,
    clientDist: dist,
    logger,
    gateway: { exposeRestCalls: true, clientAddress: testClientAddress },
  }).app;
  return {
    app,
    // Each browser its own address: the sign-up and sign-in limits are per address.
    browser: () => new Browser(app, 'http://shop.test', `198.51.100.${(ipCounter += 1) % 250}`),
    close: () => rmSync(dist, { recursive: true, force: true }),
  };
}

/** A new shopper on `b`: registered, their email confirmed (which signs them in). */
export async function signUpOn(services: BuyingServices, b: Browser, who: { firstName: string; lastName?: string; email?: string }): Promise<Browser> {
  const email = who.email ?? `${who.firstName.toLowerCase()}.${Date.now().toString(36)}.${(sequence += 1)}@example.com`;
  const registered = await b.gql(`mutation($input: RegisterInput!) { register(input: $input) { __typename } }`, {
    input: { email, password: PASSWORD, firstName: who.firstName, lastName: who.lastName ?? 'Shopper' },
  });
  expect(registered.body.data.register.__typename).toBe('RegisterAccepted');
  const confirmed = await b.gql(`mutation($t: String!) { confirmEmail(input: { token: $t }) { __typename } }`, { t: await services.linkToken(email, 'confirmEmail') });
  expect(confirmed.body.data.confirmEmail.__typename).toBe('LoginSuccess');
  return b;
}
