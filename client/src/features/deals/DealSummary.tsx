import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { DealPrice } from './DealPrice.tsx';
import { AddToBasket } from '../buying/AddToBasket.tsx';
import { formatCount, formatDate } from '../../lib/text.ts';
import type { DealSummary_deal$key } from '../../__generated__/DealSummary_deal.graphql';

/** The buy box: headline price, how many bought, when it closes, then the options. */
export function DealSummary({ deal }: { deal: DealSummary_deal$key }) {
  const d = useFragment(
    graphql`
      fragment DealSummary_deal on Deal {
        soldCount
        closingDate
        isEvergreen
        pricePerPerson
        # Issue 17 point 4: a bookable deal whose places are all spoken for stops selling.
        bookingAvailability {
          paused
          message
        }
        ...DealPrice_deal
        ...AddToBasket_deal
      }
    `,
    deal,
  );
  // Read the clock once per mount (render must stay pure).
  const [now] = useState(() => Date.now());
  const closed = d.closingDate != null && new Date(d.closingDate).getTime() < now;
  return (
    <aside className="buy-box" aria-label="Prices and options">
      <div className="buy-box__price">
        <DealPrice deal={d} size="xl" joinLink />
        {d.pricePerPerson ? <p className="buy-box__per">per person</p> : null}
      </div>
      <ul className="buy-box__facts">
        {d.soldCount > 0 ? (
          <li className="buy-box__sold">
            <strong>{formatCount(d.soldCount)}</strong> bought
          </li>
        ) : null}
        {d.closingDate && !d.isEvergreen ? (
          <li>
            {closed ? 'Ended' : 'Ends'} <time dateTime={d.closingDate}>{formatDate(d.closingDate)}</time>
          </li>
        ) : null}
      </ul>
      {closed ? (
        <p className="buy-box__closed">Sorry, this deal has ended.</p>
      ) : d.bookingAvailability?.paused ? (
        // No buy form while sales are paused: the checkout would refuse it (it resumes when places are added).
        <p className="buy-box__closed" role="status">
          {d.bookingAvailability.message}
        </p>
      ) : (
        <AddToBasket deal={d} />
      )}
    </aside>
  );
}
