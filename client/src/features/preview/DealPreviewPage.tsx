import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { data, Navigate, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { parseDealPath } from '@shop/domain';
import { PREVIEW_ROBOTS } from '@shop/domain/deal-preview';
import { preloadRouteQuery } from '../../relay/preload.ts';
import { TEXT_LIMITS, truncate } from '../../lib/text.ts';
import { DealDetails } from '../deals/DealDetails.tsx';
import { MerchantCard } from '../deals/MerchantCard.tsx';
import { MainWithSkeleton } from '../../ui/Main.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { NotFoundView } from '../../ui/NotFoundView.tsx';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { PreviewBanner } from './PreviewBanner.tsx';
import { PreviewOptions } from './PreviewOptions.tsx';
import type { DealPreviewPageQuery } from '../../__generated__/DealPreviewPageQuery.graphql';
import { DealImage, IMAGE_SIZES } from '../deals/DealImage.tsx';

/**
 * /deal-preview/{location}/{category}/{subcategory}/{dealId}/{blurb}.html (spec §2: the
 * deal-preview segment reads as deals; a deal url with ?dealPreview comes here too, DealPage's
 * loader): a deal that is not live yet, as its page will show it, for its merchant or the shop's
 * staff. It says it is a preview and has no way to buy; noindex. Anyone else: a live deal's own
 * page, or the normal not-found (the gateway answers them null, as for no such deal).
 */
export function loader({ request }: LoaderFunctionArgs) {
  const parsed = parseDealPath(new URL(request.url).pathname);
  if (!parsed) throw data('Not found', { status: 404 });
  return preloadRouteQuery<DealPreviewPageQuery>('deal-preview', query, { dealId: String(parsed.dealId) });
}

export function Component() {
  return (
    <MainWithSkeleton>
      <DealPreviewPage />
    </MainWithSkeleton>
  );
}

function DealPreviewPage() {
  const { dealPreview, deal: liveDeal } = usePreloadedQuery<DealPreviewPageQuery>(query, useLoaderData() as PreloadedQuery<DealPreviewPageQuery>);
  if (!dealPreview) return liveDeal ? <Navigate to={liveDeal.url} replace /> : <NotFoundView what="deal" />;
  const { deal } = dealPreview;
  return (
    <div className="container deal-page">
      <Seo title={`Preview: ${truncate(deal.title, TEXT_LIMITS.mediumText)}`} description={truncate(deal.headline || deal.title, TEXT_LIMITS.text)} canonical={dealPreview.previewUrl} robots={PREVIEW_ROBOTS} />
      <PreviewBanner preview={dealPreview} />
      <header className="deal-page__header">
        <PageHeading className="deal-page__title">{deal.title}</PageHeading>
        <p className="deal-page__merchant">
          <strong>{deal.merchant.name}</strong>
          <span className="deal-page__address">{deal.merchant.address}</span>
        </p>
        {deal.headline ? <p className="deal-page__headline">{deal.headline}</p> : null}
      </header>
      <div className="deal-page__layout">
        <figure className="deal-page__media">
          <DealImage image={deal.image} sizes={IMAGE_SIZES.dealPage} priority />
        </figure>
        <div className="deal-page__buy">
          <PreviewOptions deal={deal} />
        </div>
        <div className="deal-page__details">
          <DealDetails deal={deal} />
          <MerchantCard merchant={deal.merchant} />
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query DealPreviewPageQuery($dealId: ID!) {
    dealPreview(dealId: $dealId) {
      previewUrl
      ...PreviewBanner_preview
      deal {
        title
        headline
        image {
          ...DealImage_image
        }
        merchant {
          name
          address
          ...MerchantCard_merchant
        }
        ...PreviewOptions_deal
        ...DealDetails_deal
      }
    }
    # A live deal's preview link, for a viewer who may not preview it: its own page instead.
    deal(dealId: $dealId) {
      url
    }
  }
`;
