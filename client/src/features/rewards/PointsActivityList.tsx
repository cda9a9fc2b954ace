import { useId } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { ShowMore } from '../../ui/ShowMore.tsx';
import { formatDate } from '../../lib/text.ts';
import type { PointsActivityList_viewer$key } from '../../__generated__/PointsActivityList_viewer.graphql';
import type { PointsActivityPaginationQuery } from '../../__generated__/PointsActivityPaginationQuery.graphql';

const POINTS_ACTIVITY_PAGE_SIZE = 20;

const signed = (v: number) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0');

/** What changed: the available points, else the pending ones. */
function change(node: { points: number; pendingPoints: number }): string {
  const unit = (v: number) => (Math.abs(v) === 1 ? 'point' : 'points');
  if (node.points !== 0) return `${signed(node.points)} ${unit(node.points)}`;
  return `${signed(node.pendingPoints)} pending`;
}

/** The points history, newest first, with "Show more" (ignored while one is on its way; a failure offers to try again). */
export function PointsActivityList({ viewer }: { viewer: PointsActivityList_viewer$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<PointsActivityPaginationQuery, PointsActivityList_viewer$key>(
    graphql`
      fragment PointsActivityList_viewer on Customer
      @refetchable(queryName: "PointsActivityPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 20 }, after: { type: "String" }) {
        loyalty {
          activity(first: $first, after: $after) @connection(key: "PointsActivityList_activity") {
            edges {
              node {
                id
                description
                points
                pendingPoints
                createdAt
              }
            }
          }
        }
      }
    `,
    viewer,
  );
  const statusId = useId();
  const edges = data.loyalty?.activity.edges ?? [];
  return (
    <section className="loyalty-activity" aria-labelledby="loyalty-activity-title">
      <h2 id="loyalty-activity-title" className="panel__title">
        Points activity
      </h2>
      {edges.length === 0 ? (
        <p>No points yet. Buy a deal, or view and share deals, to start earning.</p>
      ) : (
        <>
          <ul className="loyalty-activity__items" aria-describedby={statusId}>
            {edges.map(({ node }) => (
              <li key={node.id} className="loyalty-activity__item">
                <span>{node.description}</span>
                <time dateTime={node.createdAt}>{formatDate(node.createdAt)}</time>
                <span>{change(node)}</span>
              </li>
            ))}
          </ul>
          <ShowMore
            hasNext={hasNext}
            isLoadingNext={isLoadingNext}
            loadNext={loadNext}
            pageSize={POINTS_ACTIVITY_PAGE_SIZE}
            what="of your points activity"
            status={{ id: statusId, text: `Showing ${edges.length} ${edges.length === 1 ? 'entry' : 'entries'}${hasNext ? ', newest first' : ''}` }}
          />
        </>
      )}
    </section>
  );
}
