import { SITE_NAME } from '../lib/text.ts';

export interface SeoProps {
  title: string;
  description: string;
  /** Path (or absolute url) of the canonical page; the current path when left out. */
  canonical?: string;
  robots?: string;
  image?: string | null;
  type?: 'website' | 'product';
}

function absolute(pathOrUrl: string): string {
  return new URL(pathOrUrl, window.location.origin).href;
}

/**
 * Head tags of a page (spec §2 "Page head"). React 19 hoists them into <head> and removes
 * them when the page unmounts; exactly one page renders a Seo at a time, so there is one <title>.
 */
export function Seo({ title, description, canonical, robots = 'index, follow', image, type = 'website' }: SeoProps) {
  const url = absolute(canonical ?? window.location.pathname);
  const fullTitle = `${title} | ${SITE_NAME}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta name="robots" content={robots} />
      <link rel="canonical" href={url} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {image ? <meta property="og:image" content={absolute(image)} /> : null}
    </>
  );
}
