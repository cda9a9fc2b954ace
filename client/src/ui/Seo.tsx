import { createPortal } from 'react-dom';
import { absoluteUrl, headAtPath, pageHead, SITE_NAME, twitterCardOf, type PageHead } from '@shop/domain';
import { jsonLdScriptText } from '@shop/domain/structured-data';

export type SeoProps = (
  | {
      /** The page's head from domain's builders (homepageHead, categoryHead, dealHead, …): what the server also serves. */
      head: PageHead;
    }
  | {
      head?: undefined;
      title: string;
      description: string;
      /** Path (or absolute url) of the canonical page; the current path when left out. */
      canonical?: string;
      robots?: string;
      image?: string | null;
      type?: 'website' | 'product';
    }
) & {
  /**
   * The page's schema.org structured data (a deal page's Product: SeoProduct.tsx), written into
   * <head> as one <script type="application/ld+json">; none when left out.
   */
  structuredData?: object | null;
};

/**
 * Head tags of a page (spec §2 "Page head"). React 19 hoists them into <head> and removes
 * them when the page unmounts; exactly one page renders a Seo at a time, so there is one <title>.
 * The shop server writes the same tags into the served HTML (gateway/src/html/), from the same
 * domain builders, for crawlers and link previews; the client drops those when it starts.
 * React does not hoist an inline <script>, so the structured data goes into <head> through a
 * portal; its JSON escapes `<`, so no value closes the element.
 */
export function Seo(props: SeoProps) {
  const pathname = window.location.pathname;
  const own = props.head ?? pageHead({ ...props, canonical: props.canonical ?? pathname });
  const head = headAtPath(own, pathname);
  const url = absoluteUrl(window.location.origin, head.canonical);
  return (
    <>
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      <meta name="robots" content={head.robots} />
      <link rel="canonical" href={url} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content={head.type} />
      <meta property="og:title" content={head.ogTitle} />
      <meta property="og:description" content={head.description} />
      <meta property="og:url" content={url} />
      {head.image ? <meta property="og:image" content={absoluteUrl(window.location.origin, head.image)} /> : null}
      <meta name="twitter:card" content={twitterCardOf(head)} />
      {props.structuredData
        ? createPortal(<script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScriptText(props.structuredData) }} />, document.head)
        : null}
    </>
  );
}
