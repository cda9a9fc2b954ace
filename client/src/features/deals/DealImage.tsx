import type { CSSProperties } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { DealImage_image$key } from '../../__generated__/DealImage_image.graphql';

/**
 * The `sizes` of each place a deal's picture is shown: how wide it is drawn at each breakpoint
 * (spec §9: sm 576, md 768, lg 992; the container is at most 1,240px with 24px gutters), so the
 * browser picks the smallest srcset candidate that is sharp on the screen it has.
 */
export const IMAGE_SIZES = {
  /** A card in a deal grid: 1, 2 or 3 columns. */
  card: '(min-width: 1240px) 382px, (min-width: 768px) 31vw, (min-width: 576px) 48vw, 100vw',
  /** A card in a rail: 78% of a phone, then 2.3, 3 and 4 cards across. */
  railCard: '(min-width: 1240px) 284px, (min-width: 992px) 23vw, (min-width: 768px) 31vw, (min-width: 576px) 42vw, 78vw',
  /** The homepage hero: the wider of two columns from md up. */
  hero: '(min-width: 1240px) 660px, (min-width: 768px) 54vw, 100vw',
  /** The deal page's picture: beside the 420px buying column from lg up. */
  dealPage: '(min-width: 1240px) 740px, (min-width: 992px) calc(100vw - 480px), 100vw',
  /** A voucher's thumbnail (9.5rem from sm up, the card's width on a phone). */
  voucher: '(min-width: 576px) 152px, 100vw',
  /** A gift's thumbnail (8rem; the page's width on a narrow screen). */
  gift: '(min-width: 640px) 128px, 100vw',
  /** A basket line's thumbnail. */
  basket: '112px',
  /** A search suggestion's thumbnail. */
  thumb: '48px',
} as const;

/** The <picture> fills the box its <img> is styled for: it adds no box of its own. */
const NO_BOX: CSSProperties = { display: 'contents' };

interface PictureOptions {
  sizes: string;
  alt?: string;
  className?: string;
  /** The page's largest picture (LCP): fetched first. */
  priority?: boolean;
  lazy?: boolean;
}

/** A picture's data as the Image type gives it (DealImage_image's fields). */
export interface PictureData {
  url: string;
  alt: string;
  width: number;
  height: number;
  srcSet: string;
  sources: ReadonlyArray<{ type: string; srcSet: string }>;
}

/**
 * A deal's picture: WebP (and any other modern format the server lists) through <source>, JPEG
 * as the <img> fallback, every width in srcset with the place's `sizes`, and the intrinsic width
 * and height so the page does not shift when it loads. `alt` defaults to the picture's own
 * description; cards pass "" (their link already names the deal). For data read without a
 * fragment (search suggestions); components use DealImage.
 */
export function DealPicture({ img, sizes, alt, className, priority = false, lazy = false }: PictureOptions & { img: PictureData }) {
  return (
    <picture style={NO_BOX}>
      {img.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        className={className}
        src={img.url}
        srcSet={img.srcSet}
        sizes={sizes}
        alt={alt ?? img.alt}
        width={img.width}
        height={img.height}
        loading={lazy ? 'lazy' : 'eager'}
        {...(priority ? { fetchPriority: 'high' as const } : { decoding: 'async' as const })}
      />
    </picture>
  );
}

/** A deal's picture from its Image fragment (see DealPicture). */
export function DealImage({ image, ...options }: PictureOptions & { image: DealImage_image$key }) {
  const img = useFragment(
    graphql`
      fragment DealImage_image on Image {
        url
        alt
        width
        height
        srcSet
        sources {
          type
          srcSet
        }
      }
    `,
    image,
  );
  return <DealPicture img={img} {...options} />;
}
