import { Component as ReactComponent, Suspense, type ReactNode } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link } from 'react-router';
import { reportClubIssue } from './club-report.ts';
import type { LoyaltyPanelQuery } from '../../__generated__/LoyaltyPanelQuery.graphql';
import './rewards.css';

/**
 * The header's loyalty panel (spec §2: points and level text) for a signed-in shopper, linking to
 * /myaccount/rewards. Spec §8: when the club cannot be read (loyalty null, or the request fails)
 * the panel is simply not shown; the failure is reported, the header never breaks.
 */
export function LoyaltyPanel({ viewerId }: { viewerId: string | null }) {
  if (!viewerId) return null;
  return (
    <HideOnError>
      <Suspense fallback={null}>
        <Panel />
      </Suspense>
    </HideOnError>
  );
}

function Panel() {
  const { viewer } = useLazyLoadQuery<LoyaltyPanelQuery>(
    graphql`
      query LoyaltyPanelQuery {
        viewer {
          # eslint-disable-next-line relay/unused-fields
          id
          loyalty {
            currentPoints
            currentLevel {
              name
            }
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'store-or-network' },
  );
  const loyalty = viewer?.loyalty;
  if (!loyalty) return null;
  return (
    <Link to="/myaccount/rewards" className="header-action loyalty-panel" data-testid="loyalty-panel">
      <span>
        {loyalty.currentPoints.toLocaleString('en-GB')} {loyalty.currentPoints === 1 ? 'point' : 'points'} · {loyalty.currentLevel.name}
      </span>
      <span className="visually-hidden">: my rewards</span>
    </Link>
  );
}

class HideOnError extends ReactComponent<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    reportClubIssue(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
