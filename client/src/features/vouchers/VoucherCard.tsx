import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { formatDate } from '../../lib/text.ts';
import { GIFT_CARD_POST_REFERENCE } from '@shop/domain/gift-cards';
import { optionTitle, statusTone, validityOf, voucherPdfPath } from './voucher-words.ts';
import { VoucherCode } from './VoucherCode.tsx';
import { VoucherHelp } from './VoucherHelp.tsx';
import { VoucherRefund } from './VoucherRefund.tsx';
import { VoucherReturn } from './VoucherReturn.tsx';
import { VoucherGift } from './VoucherGift.tsx';
import { VoucherExtend } from './VoucherExtend.tsx';
import { VoucherExpiredCredit } from './VoucherExpiredCredit.tsx';
import { VoucherBooking } from './booking/VoucherBooking.tsx';
import { VoucherReview } from '../reviews/VoucherReview.tsx';
import type { VoucherCard_voucher$key } from '../../__generated__/VoucherCard_voucher.graphql';
import { DealImage, IMAGE_SIZES } from '../deals/DealImage.tsx';

/**
 * One voucher in My Vouchers: its deal (image and title, linking to the deal), the option bought,
 * its status in the spec §3 words with the spec's explanation where it gives one, when it must be
 * used by (London date), its order, who it is for when it is a gift, its code (hidden until asked
 * for, with the QR code the merchant scans), what the holder can do with it (print it while it
 * can be used; refund it within 14 days; take an expired one's value as wallet credit) and its help panel.
 */
export function VoucherCard({ voucher, headingId }: { voucher: VoucherCard_voucher$key; headingId: string }) {
  const v = useFragment(
    graphql`
      fragment VoucherCard_voucher on Voucher {
        id
        code
        redemptionLink
        status
        statusCode
        statusDescription
        title
        expiresAt
        recipientName
        orderNumber
        sent {
          carrier
          trackingReference
          sentAt
        }
        deal {
          title
          url
          image {
            ...DealImage_image
          }
        }
        ...VoucherRefund_voucher
        ...VoucherReturn_voucher
        ...VoucherGift_voucher
        ...VoucherExtend_voucher
        ...VoucherExpiredCredit_voucher
        ...VoucherBooking_voucher
        ...VoucherHelp_voucher
        ...VoucherReview_voucher
      }
    `,
    voucher,
  );
  const validity = validityOf(v.statusCode, v.expiresAt, new Date());
  const dealTitle = v.deal?.title ?? v.title;
  // Printing and the QR code are for a voucher that can still be used.
  const usable = v.statusCode === 'READY_TO_REDEEM' || v.statusCode === 'BOOKED';
  // The code stays for the record once used or past its date; once the money went back (refund,
  // credit), the goods went back or the order was cancelled, it no longer works: not shown.
  const codeKept = usable || v.statusCode === 'REDEEMED' || v.statusCode === 'EXPIRED';
  return (
    <article className={`voucher-card voucher-card--${statusTone(v.statusCode)}`} aria-labelledby={headingId}>
      <div className="voucher-card__media">
        {v.deal ? <DealImage image={v.deal.image} sizes={IMAGE_SIZES.voucher} alt="" lazy /> : null}
      </div>
      <div className="voucher-card__body">
        <div className="voucher-card__head">
          <h2 className="voucher-card__title" id={headingId}>
            {v.deal ? <Link to={v.deal.url}>{dealTitle}</Link> : dealTitle}
          </h2>
          <span className={`badge voucher-status voucher-status--${statusTone(v.statusCode)}`}>{v.status}</span>
        </div>
        {v.deal ? <p className="voucher-card__option">{optionTitle(v.title, v.deal.title)}</p> : null}
        {v.statusDescription ? <p className="voucher-card__status-note">{v.statusDescription}</p> : null}
        {validity ? (
          <p className={`voucher-card__validity voucher-card__validity--${validity.kind}`}>
            {validity.at ? (
              <>
                {validity.kind === 'expired' ? 'Expired on ' : 'Use by '}
                <time dateTime={validity.at}>{formatDate(validity.at)}</time>
              </>
            ) : (
              'No expiry date'
            )}
          </p>
        ) : null}
        {v.sent ? (
          // Goods the merchant posted (issue 17 point 5).
          <p className="voucher-card__sent">
            Sent on <time dateTime={v.sent.sentAt}>{formatDate(v.sent.sentAt)}</time> by {v.sent.carrier}
            {v.sent.trackingReference === GIFT_CARD_POST_REFERENCE ? (
              // A posted gift card goes as an untracked letter (issue 18 point 2).
              ', as an untracked letter'
            ) : (
              <>
                , tracking <span className="voucher-card__tracking">{v.sent.trackingReference}</span>
              </>
            )}
          </p>
        ) : null}
        <dl className="voucher-card__facts">
          <div>
            <dt>Order</dt>
            <dd>{v.orderNumber}</dd>
          </div>
          {v.recipientName ? (
            <div>
              <dt>Gift for</dt>
              <dd>{v.recipientName}</dd>
            </div>
          ) : null}
        </dl>
        {/* A day on the merchant's calendar (issue 17 point 4): booked, or the offer to book one. */}
        <VoucherBooking voucher={v} />
        {codeKept ? <VoucherCode code={v.code} redemptionLink={usable ? (v.redemptionLink ?? null) : null} /> : null}
        <div className="voucher-card__actions">
          {usable ? (
            // A file the shop answers (the PDF), not a page of the app: an ordinary link, in a new tab.
            <a className="button button--secondary voucher-card__action" href={voucherPdfPath(v.id)} target="_blank" rel="noopener">
              Print voucher<span className="visually-hidden"> (PDF, opens in a new tab)</span>
            </a>
          ) : null}
          <VoucherRefund voucher={v} />
          <VoucherReturn voucher={v} />
          <VoucherGift voucher={v} />
          <VoucherExtend voucher={v} />
          <VoucherExpiredCredit voucher={v} />
        </div>
        {/* A redeemed voucher's review of the business (issue 19 point 9): the offer, or the review written. */}
        <VoucherReview voucher={v} />
        <VoucherHelp voucher={v} />
      </div>
    </article>
  );
}
