import { graphql, useFragment } from 'react-relay';
import type { PreviewOptions_deal$key } from '../../__generated__/PreviewOptions_deal.graphql';

/**
 * The deal's options as shoppers will see their prices, without a way to buy (a preview is never
 * sold: the deal is in no basket or checkout until it is live).
 */
export function PreviewOptions({ deal }: { deal: PreviewOptions_deal$key }) {
  const data = useFragment(
    graphql`
      fragment PreviewOptions_deal on Deal {
        products {
          productId
          title
          disabled
          # headlinePrice: the price a shopper sees first (postage included), originalPrice for the strikethrough.
          headlinePrice {
            formatted
          }
          headlineOriginalPrice {
            formatted
          }
          headlineDiscountPercentage
        }
      }
    `,
    deal,
  );
  return (
    <section className="preview-options" aria-labelledby="preview-options-title">
      <h2 id="preview-options-title">Options</h2>
      {data.products.length === 0 ? (
        <p>This deal has no options yet.</p>
      ) : (
        <ul className="preview-options__list">
          {data.products.map((p) => (
            <li key={p.productId} className="preview-options__item">
              <span className="preview-options__title">{p.title}</span>
              <span className="preview-options__price">
                <strong>{p.headlinePrice.formatted}</strong>{' '}
                {p.headlineDiscountPercentage > 0 ? (
                  <>
                    <s aria-label={`was ${p.headlineOriginalPrice.formatted}`}>{p.headlineOriginalPrice.formatted}</s> ({p.headlineDiscountPercentage}% off)
                  </>
                ) : null}
              </span>
              {p.disabled ? <span className="preview-options__off"> (switched off)</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
