import { graphql, useFragment } from 'react-relay';
import { formatSignedMoney } from '@shop/domain/price-breakdown';
import type { PriceBreakdown_breakdown$key } from '../../__generated__/PriceBreakdown_breakdown.graphql';

/**
 * Every part of a total (issue 14 C), as the checkout service worked it out: the checkout's order
 * summary and the confirmation page render this same list, as does the confirmation email. The
 * parts add up to the total; the wallet's credit comes off it; what is left is paid now; a
 * deposit's balance is shown as due later to the merchant, never as part of what is paid now.
 */
export function PriceBreakdownRows({ breakdown, payNowLabel, testIds = false }: { breakdown: PriceBreakdown_breakdown$key; payNowLabel: string; testIds?: boolean }) {
  const b = useFragment(
    graphql`
      fragment PriceBreakdown_breakdown on PriceBreakdown {
        parts {
          kind
          label
          amount {
            amount
          }
        }
        total {
          amount
          formatted
        }
        wallet {
          amount
        }
        payNow {
          amount
          formatted
        }
        dueLater {
          label
          to
          amount {
            formatted
          }
        }
      }
    `,
    breakdown,
  );
  return (
    <>
      <dl className="order-summary__rows" data-testid="price-breakdown">
        {b.parts.map((p, i) => (
          <div className={`order-summary__row${p.amount.amount < 0 ? ' order-summary__row--saving' : ''}`} key={`${p.kind}-${i}`} data-part={p.kind.toLowerCase()}>
            <dt>{p.label}</dt>
            <dd>{formatSignedMoney(p.amount.amount)}</dd>
          </div>
        ))}
        <div className="order-summary__row order-summary__row--total" data-part="total">
          <dt>Total</dt>
          <dd data-testid={testIds ? 'order-total' : undefined}>{b.total.formatted}</dd>
        </div>
        {b.wallet.amount > 0 ? (
          <div className="order-summary__row order-summary__row--saving" data-part="wallet">
            <dt>Paid with wallet credit</dt>
            <dd>{formatSignedMoney(-b.wallet.amount)}</dd>
          </div>
        ) : null}
        <div className="order-summary__row order-summary__row--pay" data-part="pay-now">
          <dt>{payNowLabel}</dt>
          <dd data-testid={testIds ? 'cash-amount' : undefined}>{b.payNow.formatted}</dd>
        </div>
      </dl>
      {b.dueLater.length > 0 ? (
        <dl className="order-summary__rows order-summary__rows--later" aria-label="Paid later, not today" data-testid="due-later">
          {b.dueLater.map((d, i) => (
            <div className="order-summary__row" key={i} data-part="due-later">
              <dt>
                {d.label}, due later to {d.to}
              </dt>
              <dd>{d.amount.formatted}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </>
  );
}
