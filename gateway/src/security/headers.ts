/**
 * Security headers on every answer of the shop process (reliability.md Part B "Headers", ASVS 5.0
 * 3.4.x):
 *
 * - `X-Content-Type-Options: nosniff`, `Referrer-Policy: strict-origin-when-cross-origin` (a page
 *   that set its own, such as `no-referrer` on the emailed-token pages, keeps it), a
 *   Permissions-Policy, and HSTS (one year, includeSubDomains) when the public origin or the
 *   request is https.
 * - A Content-Security-Policy on everything. The shop's pages bring their own (shopPageCsp: a fresh
 *   nonce per page, 'strict-dynamic', the payment sandboxes' frames by path), and so do the
 *   sandboxes' hosted pages (framed by the shop: frame-ancestors 'self'). The server-made documents
 *   whose inline scripts and styles are fixed in code (GraphiQL, the API references, the outbox)
 *   get their hashes; any other HTML no inline code at all; anything else `default-src 'none'`.
 *   Everything not built to be framed has `frame-ancestors 'none'` (and X-Frame-Options DENY).
 * - Violations are reported to CSP_REPORT_PATH (report-uri, and report-to via Reporting-Endpoints).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

export const CSP_REPORT_PATH = '/api/log/csp';
const REPORT_GROUP = 'csp';
export const HSTS = 'max-age=31536000; includeSubDomains';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/**
 * Powerful features nobody on the shop uses are off everywhere; `payment` (the Payment Request
 * API behind Google Pay and Apple Pay) only for the shop's own pages; `camera` for the shop's own
 * pages too: the merchant's till scans vouchers' QR codes (/insights/scan, issue 17 point 3), and
 * the browser still asks the person before any page may use it.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=(self)',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self)',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

/** 128 bits from the CSPRNG, base64 (the CSP nonce grammar). */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

const REPORTING = [`report-uri ${CSP_REPORT_PATH}`, `report-to ${REPORT_GROUP}`];
/** What every document's policy ends with: no plugins, no <base>, forms to us, never framed, reported. */
const LOCKED_DOWN = ["form-action 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", ...REPORTING];

/**
 * The shop's pages (the client's index.html): scripts only with this page's nonce, and what they
 * load ('strict-dynamic': Vite's lazy chunks, the consented link-building script); the payment
 * sandboxes' frames by their paths on the public origin; never framed.
 */
export function shopPageCsp(options: { nonce: string; publicOrigin: string; frames: readonly string[]; images?: readonly string[] }): string {
  const frames = options.frames.map((path) => `${options.publicOrigin}${path.endsWith('/') ? path : `${path}/`}`);
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval' compiles WebAssembly only (the till's bundled QR decoder, zxing-wasm); never JS eval.
    `script-src 'nonce-${options.nonce}' 'strict-dynamic' 'wasm-unsafe-eval'`,
    `style-src 'self' 'nonce-${options.nonce}'`,
    `img-src 'self' data:${(options.images ?? []).map((source) => ` ${source}`).join('')}`,
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frames.length > 0 ? frames.join(' ') : "'none'"}`,
    "worker-src 'none'",
    "manifest-src 'self'",
    "media-src 'none'",
    ...LOCKED_DOWN,
  ].join('; ');
}

/**
 * The image source a tile url template needs (the map view's MAP_TILE_URL): its origin, or every
 * subdomain of its host when the host starts with Leaflet's {s}.
 */
export function tileImageSource(template: string): string {
  const url = new URL(template.replace(/\{s\}\./, 'tiles-subdomain.').replace(/\{[a-z]+\}/g, '0'));
  return url.host.startsWith('tiles-subdomain.') ? `${url.protocol}//*.${url.host.slice('tiles-subdomain.'.length)}` : url.origin;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The contents of the inline <script> (no src) and <style> elements of a document. */
export function inlineCode(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (!/\bsrc\s*=/i.test(m[1]!) && m[2]!.length > 0) scripts.push(m[2]!);
  }
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) styles.push(m[1]!);
  return { scripts, styles };
}

/**
 * A server-made document whose inline code is fixed in code (never built from a request): its
 * inline scripts by hash. `dynamicStyles`: the page's scripts add <style> elements and style
 * attributes as they run (GraphiQL's editor, the Scalar reference), so styles cannot be listed.
 */
export function trustedDocumentCsp(html: string, options: { dynamicStyles?: boolean; workers?: boolean } = {}): string {
  const { scripts, styles } = inlineCode(html);
  const scriptHashes = [...new Set(scripts.map(sha256))];
  const styleSources = options.dynamicStyles ? ["'unsafe-inline'"] : [...new Set(styles.map(sha256))];
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.length ? ` ${scriptHashes.join(' ')}` : ''}`,
    `style-src 'self'${styleSources.length ? ` ${styleSources.join(' ')}` : ''}`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `worker-src ${options.workers ? "'self' blob:" : "'none'"}`,
    "frame-src 'none'",
    ...LOCKED_DOWN,
  ].join('; ');
}

/** HTML with no inline code allowed (the not-built page, anything new that forgot its own). */
export const PLAIN_DOCUMENT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  ...LOCKED_DOWN,
].join('; ');

/** Anything that is not a document (JSON, scripts, styles, images): nothing may run or frame it. */
export const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

export interface TrustedDocument {
  /** Whether this request's answer is such a document. */
  matches(path: string): boolean;
  dynamicStyles?: boolean;
  workers?: boolean;
}

export interface SecurityHeadersOptions {
  /** The public origin (PUBLIC_BASE_URL): https there means HSTS everywhere. */
  publicOrigin: string;
  trustedDocuments: readonly TrustedDocument[];
}

export function securityHeaders(options: SecurityHeadersOptions): MiddlewareHandler {
  const httpsOrigin = options.publicOrigin.startsWith('https://');
  // Documents hashed once per distinct body (GraphiQL is megabytes).
  const cache = new Map<string, string>();
  return async (c, next) => {
    await next();
    // A mounted app's answer may have immutable headers: the setter copies it into a mutable one.
    c.res = new Response(c.res.body, c.res);
    const headers = c.res.headers;
    headers.set('x-content-type-options', 'nosniff');
    if (!headers.has('referrer-policy')) headers.set('referrer-policy', REFERRER_POLICY);
    headers.set('permissions-policy', PERMISSIONS_POLICY);
    if (httpsOrigin || new URL(c.req.url).protocol === 'https:') headers.set('strict-transport-security', HSTS);
    const html = /^text\/html\b/i.test(headers.get('content-type') ?? '');
    if (html) headers.set('reporting-endpoints', `${REPORT_GROUP}="${CSP_REPORT_PATH}"`);
    if (!headers.has('content-security-policy')) {
      const trusted = html ? options.trustedDocuments.find((d) => d.matches(c.req.path)) : undefined;
      if (trusted && c.res.body) {
        const body = await c.res.text();
        const key = createHash('sha256').update(body).digest('base64');
        let csp = cache.get(key);
        if (!csp) {
          csp = trustedDocumentCsp(body, trusted);
          if (cache.size > 32) cache.clear();
          cache.set(key, csp);
        }
        headers.set('content-security-policy', csp);
        c.res = new Response(body, { status: c.res.status, headers });
      } else {
        headers.set('content-security-policy', html ? PLAIN_DOCUMENT_CSP : NON_DOCUMENT_CSP);
      }
    }
    if (/frame-ancestors 'none'/.test(c.res.headers.get('content-security-policy') ?? '')) c.res.headers.set('x-frame-options', 'DENY');
  };
}
