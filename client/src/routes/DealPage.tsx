import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { data, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { dealHead, parseDealPath } from '@shop/domain';
import { DEAL_PREVIEW_PARAM, dealPreviewPath, previewDealIdOf } from '@shop/domain/deal-preview';
import { preloadRouteQuery } from '../relay/preload.ts';
import { TEXT_LIMITS, truncate } from '../lib/text.ts';
import { DealSummary } from '../features/deals/DealSummary.tsx';
import { DealDetails } from '../features/deals/DealDetails.tsx';
import { MerchantCard } from '../features/deals/MerchantCard.tsx';
import { MerchantReviews } from '../features/reviews/MerchantReviews.tsx';
import { useRecordRecentlyViewed } from '../features/lists/recently-viewed.ts';
import { useClubView } from '../features/rewards/use-club-view.ts';
import { ShareDeal } from '../features/rewards/ShareDeal.tsx';
import { WishlistHeart } from '../features/wishlist/WishlistHeart.tsx';
import { Breadcrumbs, type Crumb } from '../ui/Breadcrumbs.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { Seo } from '../ui/Seo.tsx';
import { useDealProductJsonLd } from '../ui/SeoProduct.tsx';
import { NotFoundView } from '../ui/NotFoundView.tsx';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary.tsx';
import { useSponsoredClick } from '../features/search/use-sponsored-click.ts';
import type { DealPageQuery } from '../__generated__/DealPageQuery.graphql';
import { DealImage, IMAGE_SIZES } from '../features/deals/DealImage.tsx';

/** /deals/:location/:category/:subcategory/:dealId/:blurb.html — one deal and its options. */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // A deal url with ?dealPreview (spec §2) is the deal's preview page (features/preview).
  if (previewDealIdOf(url.pathname, url.search) !== null) {
    url.searchParams.delete(DEAL_PREVIEW_PARAM);
    throw redirect(`${dealPreviewPath(url.pathname)}${url.search}`);
  }
  const parsed = parseDealPath(url.pathname);
  // Anything under a sub-category that is not a deal path is not a page.
  if (!parsed) throw data('Not found', { status: 404 });
  return preloadRouteQuery<DealPageQuery>('deal', query, { dealId: String(parsed.dealId) });
}

export function Component() {
  const { deal } = usePreloadedQuery<DealPageQuery>(query, useLoaderData() as PreloadedQuery<DealPageQuery>);
  useSponsoredClick(); // spec §4: a deal opened from a sponsored search result posts the click
  useRecordRecentlyViewed(deal?.url); // spec §9: the location's recently viewed list
  useClubView(deal?.url); // spec §7: a signed-in shopper's view queued for the loyalty club
  const structuredData = useDealProductJsonLd(deal); // the schema.org Product and Offer, as the server writes it
  if (!deal) return <NotFoundView what="deal" />;
  const crumbs: Crumb[] = [
    { label: deal.location.name, href: deal.location.url },
    { label: deal.category.name, href: deal.category.url },
    ...(deal.subCategory ? [{ label: deal.subCategory.name, href: deal.subCategory.url }] : []),
    { label: truncate(deal.title, TEXT_LIMITS.mediumText) },
  ];
  return (
    <div className="container deal-page">
      <Seo
        head={dealHead({ title: deal.title, headline: deal.headline, description: deal.description, url: deal.url, imageUrl: deal.image.url })}
        structuredData={structuredData}
      />
      <Breadcrumbs items={crumbs} />
      <header className="deal-page__header">
        <PageHeading className="deal-page__title">{deal.title}</PageHeading>
        <p className="deal-page__merchant">
          <strong>{deal.merchant.name}</strong>
          <span className="deal-page__address">{deal.merchant.address}</span>
        </p>
        {deal.headline ? <p className="deal-page__headline">{deal.headline}</p> : null}
        <div className="deal-page__actions">
          <WishlistHeart deal={deal} variant="page" />
          <ShareDeal dealId={deal.dealId} url={deal.url} title={deal.title} />
        </div>
      </header>
      <div className="deal-page__layout">
        <figure className="deal-page__media">
          <DealImage image={deal.image} sizes={IMAGE_SIZES.dealPage} priority />
        </figure>
        <div className="deal-page__buy">
          <DealSummary deal={deal} />
        </div>
        <div className="deal-page__details">
          <DealDetails deal={deal} />
          <MerchantCard merchant={deal.merchant} />
          <MerchantReviews merchant={deal.merchant} />
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query DealPageQuery($dealId: ID!) {
    deal(dealId: $dealId) {
      dealId
      title
      headline
      description
      url
      image {
        url
        ...DealImage_image
      }
      merchant {
        name
        address
        ...MerchantCard_merchant
        ...MerchantReviews_merchant
      }
      location {
        name
        url
      }
      category {
        name
        url
      }
      subCategory {
        name
        url
      }
      ...DealSummary_deal
      ...DealDetails_deal
      ...SeoProduct_deal
      ...WishlistHeart_deal
    }
  }
`;
