/**
 * Server-side head tags: the built index.html with the page's title, description, robots,
 * canonical and open-graph tags written into <head> before any script, so crawlers and link
 * previews see them without running the client. Every value is escaped.
 *
 * The tags carry `data-static-head`: the client drops them when it starts and renders the same
 * head itself (client/src/main.tsx, client/src/ui/Seo.tsx), so there is one <title> at a time.
 *
 * A deal page also gets its schema.org Product with an Offer as JSON-LD (domain's
 * structured-data.ts; the client renders the same in client/src/ui/SeoProduct.tsx).
 */
import { absoluteUrl, SITE_NAME, twitterCardOf, type PageHead } from '@shop/domain';
import { dealProductJsonLd, jsonLdScriptText, type DealStructuredDataInput } from '@shop/domain/structured-data';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or attribute value safe inside HTML (elements and double- or single-quoted attributes). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

/** What a page has beyond its head tags: a deal page's deal, for its structured data. */
export interface HeadExtras {
  deal?: DealStructuredDataInput | null;
  /** The clock the deal's availability is read at (default: now). */
  now?: Date;
}

/**
 * The deal's JSON-LD script element: the JSON escapes `<`, so no value closes the element
 * (a data block, never run, so the page's script nonce is not needed).
 */
export function renderDealJsonLd(deal: DealStructuredDataInput, origin: string, now = new Date()): string {
  return `<script data-static-head type="application/ld+json">${jsonLdScriptText(dealProductJsonLd(deal, origin, now))}</script>`;
}

/** The head tags of a page; `origin` (https://host) makes canonical and og urls absolute. */
export function renderHeadTags(head: PageHead, origin: string, extras: HeadExtras = {}): string {
  const url = absoluteUrl(origin, head.canonical);
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta data-static-head ${attr}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title data-static-head>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('name', 'robots', head.robots),
    `<link data-static-head rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.ogTitle),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    ...(head.image ? [meta('property', 'og:image', absoluteUrl(origin, head.image))] : []),
    meta('name', 'twitter:card', twitterCardOf(head)),
    ...(extras.deal ? [renderDealJsonLd(extras.deal, origin, extras.now)] : []),
  ].join('\n    ');
}

/**
 * What the client build writes in every nonce="…" (client/vite.config.ts `html.cspNonce`): the
 * server puts the page's own nonce there (security/headers.ts shopPageCsp).
 */
export const CSP_NONCE_PLACEHOLDER = 'CSP_NONCE_PLACEHOLDER';

export interface IndexTemplate {
  /**
   * The page: `origin` is the configured public origin (never the request's Host); `nonce`
   * replaces the build's placeholder in the template's own tags only, never in the page's values.
   */
  render(head: PageHead, origin: string, nonce?: string, extras?: HeadExtras): string;
}

/**
 * Splits the built index.html once: its static <title> and description (the no-script fallback,
 * marked data-static-head) are taken out, and the page's tags go right after <meta charset>
 * (else right after <head>), ahead of every script and stylesheet.
 */
export function indexTemplate(html: string, extraHead = ''): IndexTemplate {
  const stripped = html
    .replace(/<title\b[^>]*\bdata-static-head\b[^>]*>[\s\S]*?<\/title>\s*/gi, '')
    .replace(/<meta\b[^>]*\bdata-static-head\b[^>]*>\s*/gi, '');
  const head = /<head\b[^>]*>/i.exec(stripped);
  let at = head ? head.index + head[0].length : 0;
  const charset = /<meta\s+charset=[^>]*>/i.exec(stripped.slice(at));
  const firstTag = /<(script|link|style)\b/i.exec(stripped.slice(at));
  if (charset && (!firstTag || charset.index < firstTag.index)) at += charset.index + charset[0].length;
  const before = stripped.slice(0, at).split(CSP_NONCE_PLACEHOLDER);
  const after = stripped.slice(at).split(CSP_NONCE_PLACEHOLDER);
  const extra = extraHead ? `\n    ${extraHead}` : '';
  return {
    render: (pageHead, origin, nonce = CSP_NONCE_PLACEHOLDER, extras = {}) =>
      `${before.join(nonce)}\n    ${renderHeadTags(pageHead, origin, extras)}${extra}${after.join(nonce)}`,
  };
}
