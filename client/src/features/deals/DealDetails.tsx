import { graphql, useFragment } from 'react-relay';
import type { DealDetails_deal$key } from '../../__generated__/DealDetails_deal.graphql';

/** What the voucher gets you: highlights, the description and the fine print. */
export function DealDetails({ deal }: { deal: DealDetails_deal$key }) {
  const d = useFragment(
    graphql`
      fragment DealDetails_deal on Deal {
        highlights
        description
        finePrint
      }
    `,
    deal,
  );
  return (
    <div className="deal-details">
      {d.highlights.length > 0 ? (
        <section aria-labelledby="deal-highlights">
          <h2 id="deal-highlights">Highlights</h2>
          <ul className="ticks">
            {d.highlights.map((h, i) => (
              <li key={i}>{h}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="deal-description">
        <h2 id="deal-description">About this deal</h2>
        {d.description
          .split(/\n{2,}/)
          .filter(Boolean)
          .map((para, i) => (
            <p key={i}>{para}</p>
          ))}
      </section>
      {d.finePrint.length > 0 ? (
        <section aria-labelledby="deal-fine-print">
          <h2 id="deal-fine-print">The fine print</h2>
          <ul className="fine-print">
            {d.finePrint.map((f, i) => (
              <li key={i}>{f}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
