import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { GIFT_CARD_POST_WORKING_DAYS, isPostedGiftCard } from '@shop/domain/gift-cards';
import type { CheckoutHelp_checkout$key } from '../../__generated__/CheckoutHelp_checkout.graphql';

/**
 * How the order reaches the shopper, under the order summary. Every voucher's code is in the
 * confirmation email sent straight after payment (orders.ts confirmationMail); a posted gift card
 * (issue 18 point 2) is also printed and posted to the delivery address, arriving within 5 working
 * days, so a basket of posted cards is not told its vouchers are "emailed".
 */
export function CheckoutHelp({ checkout }: { checkout: CheckoutHelp_checkout$key }) {
  const data = useFragment<CheckoutHelp_checkout$key>(
    graphql`
      fragment CheckoutHelp_checkout on Checkout {
        basket {
          lines {
            dealId
            deliveryOptionType
          }
        }
      }
    `,
    checkout,
  );
  const lines = data.basket.lines;
  const posted = lines.filter((l) => isPostedGiftCard(l.dealId, l.deliveryOptionType)).length;
  const posting = `A printed gift card is posted to your delivery address and arrives within ${GIFT_CARD_POST_WORKING_DAYS} working days; its code is also in your confirmation email`;
  const words = posted === 0 ? 'Vouchers are emailed straight after payment.' : posted === lines.length ? `${posting}, sent straight after payment.` : `Vouchers are emailed straight after payment. ${posting}.`;
  return (
    <p className="checkout__help">
      {words} <Link to="/page/e-commerceterms">Terms of sale</Link>
    </p>
  );
}
