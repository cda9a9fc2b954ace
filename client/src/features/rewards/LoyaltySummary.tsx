import { graphql, useFragment } from 'react-relay';
import { LoyaltyBadge } from './LoyaltyBadge.tsx';
import type { LoyaltySummary_loyalty$key } from '../../__generated__/LoyaltySummary_loyalty.graphql';

const n = (v: number) => v.toLocaleString('en-GB');

/**
 * The club at a glance (spec §3 Loyalty profile): the level badge in its colour, the points that
 * can be exchanged, the pending order points, and how many more reach the next level; then how
 * points are earned and the five levels.
 */
export function LoyaltySummary({ loyalty }: { loyalty: LoyaltySummary_loyalty$key }) {
  const l = useFragment(
    graphql`
      fragment LoyaltySummary_loyalty on LoyaltyProfile {
        currentLevel {
          name
          colour
        }
        nextLevel {
          name
        }
        lifetimePoints
        currentPoints
        pendingPoints
        pointsToNextLevel
        loyaltyActivityDescriptions
        levels {
          name
          colour
          threshold
          exchangeRate
        }
      }
    `,
    loyalty,
  );
  return (
    <section className="loyalty-summary" aria-labelledby="loyalty-summary-title">
      <h2 id="loyalty-summary-title" className="panel__title">
        Your level: <LoyaltyBadge name={l.currentLevel.name} colour={l.currentLevel.colour} />
      </h2>
      <dl className="loyalty-summary__figures">
        <div>
          <dt>Points to exchange</dt>
          <dd>{n(l.currentPoints)}</dd>
        </div>
        <div>
          <dt>Pending points</dt>
          <dd>{n(l.pendingPoints)}</dd>
        </div>
        <div>
          <dt>Lifetime points</dt>
          <dd>{n(l.lifetimePoints)}</dd>
        </div>
      </dl>
      <p>
        {l.nextLevel
          ? `${n(l.pointsToNextLevel)} more points to reach ${l.nextLevel.name}.`
          : `You are at our top level, ${l.currentLevel.name}.`}{' '}
        Pending points are for orders still inside their 14-day refund window: they become yours to exchange after it, unless the order is refunded.
      </p>
      <h3>How you earn points</h3>
      <ul>
        {l.loyaltyActivityDescriptions.map((d) => (
          <li key={d}>{d}</li>
        ))}
      </ul>
      <h3>Levels</h3>
      <ul className="loyalty-levels" aria-label="Club levels">
        {l.levels.map((level) => (
          <li key={level.name}>
            <LoyaltyBadge name={level.name} colour={level.colour} />{' '}
            {level.exchangeRate === 0
              ? `from ${n(level.threshold)} points: cannot exchange`
              : `from ${n(level.threshold)} points: 100 points = £${(level.exchangeRate / 100).toFixed(2)}`}
          </li>
        ))}
      </ul>
    </section>
  );
}
