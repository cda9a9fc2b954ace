import { graphql, useFragment } from 'react-relay';
import { PREVIEW_BANNER_HEADING, PREVIEW_NOT_FOR_SALE, previewStatusText } from '@shop/domain/deal-preview';
import type { PreviewBanner_preview$key } from '../../__generated__/PreviewBanner_preview.graphql';
import './preview.css';

/**
 * The preview's banner (issue 19 point 6): says the page is a preview only its merchant (or the
 * shop's staff) can see, where the deal stands and that nothing can be bought from it. First in
 * the page, a labelled region, so a screen reader meets it before the deal.
 */
export function PreviewBanner({ preview }: { preview: PreviewBanner_preview$key }) {
  const data = useFragment(
    graphql`
      fragment PreviewBanner_preview on DealPreview {
        status
        liveFrom
      }
    `,
    preview,
  );
  return (
    <section className="preview-banner" aria-labelledby="preview-banner-title">
      <h2 id="preview-banner-title" className="preview-banner__title">
        {PREVIEW_BANNER_HEADING}
      </h2>
      <p className="preview-banner__status">{previewStatusText(data.status as Parameters<typeof previewStatusText>[0], data.liveFrom ?? null)}</p>
      <p className="preview-banner__note">{PREVIEW_NOT_FOR_SALE}</p>
    </section>
  );
}
