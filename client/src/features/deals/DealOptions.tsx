import { useId } from 'react';
import { graphql, useFragment } from 'react-relay';
import { DealOption } from './DealOption.tsx';
import type { DealOptions_deal$key } from '../../__generated__/DealOptions_deal.graphql';

/** The deal's options (products), with one note on why buying is not open yet. */
export function DealOptions({ deal }: { deal: DealOptions_deal$key }) {
  const d = useFragment(
    graphql`
      fragment DealOptions_deal on Deal {
        products {
          id
          ...DealOption_product
        }
      }
    `,
    deal,
  );
  const noteId = useId();
  return (
    <section aria-labelledby={`${noteId}-h`} className="options">
      <h2 id={`${noteId}-h`} className="options__heading">
        {d.products.length === 1 ? 'Your option' : 'Choose your option'}
      </h2>
      <ul className="options__list" aria-label="Deal options">
        {d.products.map((product) => (
          <DealOption key={product.id} product={product} noteId={noteId} />
        ))}
      </ul>
      <p id={noteId} className="options__note">
        Online checkout is opening soon, so vouchers can’t be bought here just yet.
      </p>
    </section>
  );
}
