/**
 * The identity providers of the browser journeys: two local OpenID Connect providers on
 * loopback (gateway/test/local-idp.ts, oidc-provider) playing Google and Facebook, started by
 * Playwright before the shop (playwright.config.ts webServer). Ports: IDP_PORT (Google) and
 * IDP_PORT + 1 (Facebook); the callbacks of every journeys' shop (SHOP_PORTS, comma separated: one
 * shop per Playwright worker).
 */
import { startLocalIdp } from '../gateway/test/local-idp.ts';

export const E2E_IDP_CLIENT = { clientId: 'shop-e2e', clientSecret: 'e2e-local-idp-secret' };

const idpPort = Number(process.env.IDP_PORT);
const shopPorts = (process.env.SHOP_PORTS ?? '').split(',').filter(Boolean).map(Number);
if (!Number.isInteger(idpPort) || shopPorts.length === 0 || !shopPorts.every(Number.isInteger)) throw new Error('Set IDP_PORT and SHOP_PORTS');

const started = await Promise.all(
  (['google', 'facebook'] as const).map((provider, i) =>
    startLocalIdp({
      port: idpPort + i,
      name: provider === 'google' ? 'Google' : 'Facebook',
      // As the real ones: Google says whether the address is verified, Facebook never does.
      omitEmailVerified: provider === 'facebook',
      clients: [{ ...E2E_IDP_CLIENT, redirectUris: shopPorts.map((shopPort) => `http://127.0.0.1:${shopPort}/auth/${provider}/callback`) }],
    }),
  ),
);
console.log(`local identity providers: ${started.map((s) => s.issuer).join(', ')}`);
const stop = () => void Promise.all(started.map((s) => s.stop())).finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
