/**
 * OpenAPI 3.1 document and a Scalar API reference, fully offline: the Scalar bundle is served
 * from node_modules (ecosystem.md §1.6), with telemetry and the default web fonts off.
 */
import { readFileSync } from 'node:fs';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { Scalar } from '@scalar/hono-api-reference';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';
export const DOCS_SCRIPT_PATH = '/docs/scalar.js';

let scalarBundle: Buffer | undefined;
function scalarScript(): Buffer {
  // @scalar/api-reference exports no ./package.json: resolve its main entry and walk to the bundle.
  scalarBundle ??= readFileSync(new URL('./browser/standalone.js', import.meta.resolve('@scalar/api-reference')));
  return scalarBundle;
}

export interface ApiDocsOptions {
  title: string;
  version: string;
  description?: string | undefined;
  /** Public mount path (e.g. /api/deals); '' when served at the root. */
  basePath: string;
  /** Operation tags with their descriptions. */
  tags?: Array<{ name: string; description: string }> | undefined;
}

export function mountApiDocs(app: OpenAPIHono, options: ApiDocsOptions): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'serviceToken', {
    type: 'apiKey',
    in: 'header',
    name: 'x-service-token',
    description: 'The shared service credential. Only the gateway and the shop process hold it.',
  });
  app.doc31(OPENAPI_PATH, {
    openapi: '3.1.0',
    info: {
      title: options.title,
      version: options.version,
      description: options.description ?? options.title,
      contact: { name: 'Shop engineering', email: 'engineering@shop.example' },
    },
    servers: [{ url: options.basePath || '/', description: 'This service' }],
    security: [{ serviceToken: [] }],
    tags: options.tags ?? [],
  });
  app.get(DOCS_SCRIPT_PATH, (c) =>
    c.body(new Uint8Array(scalarScript()), 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=86400',
    }),
  );
  const reference = Scalar({
    // Relative, so the page works wherever the app is mounted (/docs or /api/deals/docs).
    url: OPENAPI_PATH.slice(1),
    cdn: DOCS_SCRIPT_PATH.slice(1),
    pageTitle: `${options.title} reference`,
    withDefaultFonts: false,
    telemetry: false,
    // Nothing on the page sends the document or a request to an outside host (issue 15 point
    // 9): no AI agent, no MCP generator, no developer toolbar (configure, share, deploy), no
    // test requests through Scalar's proxy, no API client; the document downloads from here.
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: 'never',
    hideTestRequestButton: true,
    hideClientButton: true,
    // Its only link out (to scalar.com) goes too.
    customCss: 'a[href^="https://www.scalar.com"] { display: none; }',
  });
  // The page says its language (WCAG 3.1.1); Scalar writes a bare <html>. And the zod inside
  // Scalar's bundle runs without its JIT: otherwise it probes with Function(''), which the page's
  // Content-Security-Policy (no 'unsafe-eval') refuses and reports as a violation each load.
  app.get(DOCS_PATH, async (c, next) => {
    const page = await reference(c, next);
    if (!page) return c.notFound();
    const html = (await page.text())
      .replace(/<html>/i, '<html lang="en">')
      .replace(/<head>/i, '<head>\n    <script>globalThis.__zod_globalConfig = { jitless: true };</script>');
    return c.html(html, page.status as 200);
  });
}
