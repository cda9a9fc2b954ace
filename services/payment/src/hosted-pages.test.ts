/**
 * The sandboxes' browser pages loaded over HTTP: CSP-friendly (no inline script or handlers,
 * a script file of the sandbox, a CSP allowing only 'self'), and the postMessage target origin
 * taken from a parameter checked against an allowlist (reliability A2.6, P9).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_KEY, serveSandboxes, type Sandboxes } from './test/harness.ts';

const AUTH = { authorization: `Bearer ${MERCHANT_KEY}` };

const PARENT = 'https://shop.example';

describe('hosted fields and approval pages', () => {
  let s: Sandboxes;
  let clientToken: string;
  let klarnaSession: string;
  let clearpayToken: string;
  beforeAll(async () => {
    s = await serveSandboxes({ faults: false, allowedOrigins: [PARENT] });
    clientToken = ((await (await fetch(`${s.origin}/sandbox/braintree/client_token`, { method: 'POST', headers: AUTH })).json()) as { clientToken: string }).clientToken;
    klarnaSession = ((await (await fetch(`${s.origin}/sandbox/klarna/payments/v1/sessions`, { method: 'POST', headers: AUTH, body: JSON.stringify({ order_amount: 1000, purchase_currency: 'GBP' }) })).json()) as { session_id: string }).session_id;
    clearpayToken = ((await (await fetch(`${s.origin}/sandbox/clearpay/v2/checkouts`, { method: 'POST', headers: AUTH, body: JSON.stringify({ amount: { amount: '10.00', currency: 'GBP' }, merchantReference: 'o1' }) })).json()) as { token: string }).token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const pages = () => [
    ['hosted fields', `/sandbox/braintree/hosted-fields?clientToken=${encodeURIComponent(clientToken)}`, 'hosted-fields.js'],
    ['PayPal approval', `/sandbox/braintree/approve?method=paypal&clientToken=${encodeURIComponent(clientToken)}`, 'approval.js'],
    ['Google Pay approval', `/sandbox/braintree/approve?method=google_pay&clientToken=${encodeURIComponent(clientToken)}`, 'approval.js'],
    ['Apple Pay approval', `/sandbox/braintree/approve?method=apple_pay&clientToken=${encodeURIComponent(clientToken)}`, 'approval.js'],
    ['Klarna approval', `/sandbox/klarna/approve?session=${klarnaSession}`, 'approve.js'],
    ['Clearpay approval', `/sandbox/clearpay/checkout?token=${clearpayToken}`, 'checkout.js'],
  ] as const;

  it('every page has no inline script or handler, its script is a file of the sandbox, and the CSP allows only itself', async () => {
    for (const [label, path, scriptName] of pages()) {
      const res = await fetch(`${s.origin}${path}&origin=${encodeURIComponent(PARENT)}`);
      expect(res.status, label).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, label).toContain("default-src 'none'");
      expect(csp, label).toContain("script-src 'self'");
      expect(csp, label).not.toContain('unsafe-inline');
      expect(csp, label).toContain("style-src 'self'");
      const css = await fetch(`${s.origin}${path.split('/').slice(0, 3).join('/')}/sandbox.css`);
      expect(css.headers.get('content-type'), label).toContain('text/css');
      expect(csp, label).toContain(`frame-ancestors 'self' ${PARENT}`);
      const html = await res.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts, label).toHaveLength(1);
      expect(scripts[0]![1], label).toContain(`src="${scriptName}"`);
      expect(scripts[0]![2]!.trim(), label).toBe('');
      expect(html, label).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html, label).not.toMatch(/javascript:/i);
      expect(html, label).toContain(`data-origin="${PARENT}"`);
      const js = await fetch(`${s.origin}${path.split('/').slice(0, 3).join('/')}/${scriptName}`);
      expect(js.status, label).toBe(200);
      expect(js.headers.get('content-type'), label).toMatch(/^text\/javascript/);
      const source = await js.text();
      // postMessage always with the checked origin, never '*'.
      expect(source, label).toMatch(/postMessage\([^)]*, target\)/);
      expect(source, label).not.toMatch(/postMessage\([^)]*'\*'\)/);
    }
  });

  it('the hosted fields have the card number, expiry, CVV and postcode, and post to the sandbox itself', async () => {
    const html = await (await fetch(`${s.origin}${pages()[0][1]}&origin=${encodeURIComponent(PARENT)}`)).text();
    for (const name of ['number', 'expirationDate', 'cvv', 'postalCode']) expect(html).toContain(`name="${name}"`);
    expect(html).toContain('action="tokenize"');
    // Like Braintree's hosted fields, no button of its own: the shop's Pay asks it to tokenise,
    // and only the parent window at the checked origin may ask.
    expect(html).not.toMatch(/<button/);
    const script = await (await fetch(`${s.origin}/sandbox/braintree/hosted-fields.js`)).text();
    expect(script).toContain("m.type === 'braintree-sandbox:tokenize'");
    expect(script).toContain('event.origin !== target || event.source !== parentWindow()');
  });

  it('refuses an origin that is not allowed, or is not a bare origin', async () => {
    for (const [label, path] of pages()) {
      for (const origin of ['https://evil.example', `${PARENT}/path`, '*', 'javascript:alert(1)', `${PARENT}.evil.example`]) {
        const res = await fetch(`${s.origin}${path}&origin=${encodeURIComponent(origin)}`);
        expect(res.status, `${label} ${origin}`).toBe(400);
      }
    }
  });

  it('without an origin parameter the page posts to its own origin', async () => {
    const html = await (await fetch(`${s.origin}${pages()[0][1]}`)).text();
    expect(html).toContain(`data-origin="${s.origin}"`);
  });

  it('refuses big bodies before reading them', async () => {
    for (const path of ['/sandbox/braintree/tokenize', '/sandbox/klarna/approve', '/sandbox/clearpay/checkout/confirm']) {
      const res = await fetch(`${s.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pad: 'x'.repeat(20_000) }) });
      expect(res.status, path).toBe(413);
    }
  });

  it('ignores fault controls when created without faults: true', async () => {
    expect(s.braintree.faults.enabled).toBe(false);
    expect((await fetch(`${s.origin}/sandbox/braintree/__faults`, { method: 'POST', body: JSON.stringify({ mode: 'hang' }) })).status).toBe(404);
    const res = await fetch(`${s.origin}/sandbox/braintree/transactions`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json', 'x-sandbox-fault': '5xx' },
      body: JSON.stringify({ amount: '10.00', orderId: 'no-faults-1', paymentMethodNonce: 'fake-valid-nonce' }),
    });
    expect(res.status).toBe(200);
  });
});
