import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { DealCard } from '../deals/DealCard.tsx';
import { SkeletonCard } from '../../ui/Skeleton.tsx';
import type { DealRail_edges$key } from '../../__generated__/DealRail_edges.graphql';
import './lists.css';
import { IMAGE_SIZES } from '../deals/DealImage.tsx';

interface RailFrameProps {
  title: string;
  /** "See all" goes here. */
  seeAllHref: string;
  /** Finishes the "See all" link's accessible name: "See all recently viewed deals". */
  seeAllName: string;
  children: ReactNode;
  /** What the rail is before its deals arrive. */
  busy?: boolean;
}

/** The frame of a rail: heading, "See all", the scroller and its arrows. */
function RailFrame({ title, seeAllHref, seeAllName, children, busy = false }: RailFrameProps) {
  const headingId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const start = el.scrollLeft <= 1;
    const end = el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
    setEdges((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
  }, []);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [measure, busy]);

  const scrollBy = (direction: 1 | -1) => {
    const el = scroller.current;
    if (!el) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: direction * el.clientWidth * 0.9, behavior: reduce ? 'auto' : 'smooth' });
  };

  return (
    <section className="rail section" aria-labelledby={headingId} aria-busy={busy || undefined}>
      <div className="rail__head">
        <h2 id={headingId} className="section__title rail__title">
          {title}
        </h2>
        <div className="rail__actions">
          {edges.start && edges.end ? null : (
            <span className="rail__arrows">
              <button type="button" className="rail__arrow" onClick={() => scrollBy(-1)} disabled={edges.start} aria-label={`Scroll ${title.toLowerCase()} left`}>
                <span aria-hidden="true">‹</span>
              </button>
              <button type="button" className="rail__arrow" onClick={() => scrollBy(1)} disabled={edges.end} aria-label={`Scroll ${title.toLowerCase()} right`}>
                <span aria-hidden="true">›</span>
              </button>
            </span>
          )}
          <Link className="rail__see-all" to={seeAllHref}>
            See all<span className="visually-hidden"> {seeAllName}</span>
            <span aria-hidden="true"> ›</span>
          </Link>
        </div>
      </div>
      <div className="rail__scroller" ref={scroller}>
        {children}
      </div>
    </section>
  );
}

export interface DealRailProps extends Omit<RailFrameProps, 'children' | 'busy'> {
  /** The deals connection's edges, each spreading DealRail_edges. */
  edges: DealRail_edges$key;
}

/**
 * A panel of deals in one horizontally scrollable row (recently viewed, recommended): a heading,
 * a "See all" link to the full list, and arrows on wide screens. The list is named by the heading.
 * Renders nothing when there are no deals.
 */
export function DealRail({ edges: edgesKey, title, ...frame }: DealRailProps) {
  const edges = useFragment(
    graphql`
      fragment DealRail_edges on DealEdge @relay(plural: true) {
        node {
          id
          ...DealCard_deal
        }
      }
    `,
    edgesKey,
  );
  if (edges.length === 0) return null;
  return (
    <RailFrame title={title} {...frame}>
      <ul className="rail__list" aria-label={title}>
        {edges.map((edge) => (
          <li key={edge.node.id}>
            <DealCard deal={edge.node} imageSizes={IMAGE_SIZES.railCard} />
          </li>
        ))}
      </ul>
    </RailFrame>
  );
}

/** The rail's placeholder while its deals load: the same height, so nothing moves when they land. */
export function DealRailSkeleton({ title, count, ...frame }: Omit<RailFrameProps, 'children' | 'busy'> & { count: number }) {
  return (
    <RailFrame title={title} {...frame} busy>
      <ul className="rail__list" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <SkeletonCard key={i} />
        ))}
      </ul>
    </RailFrame>
  );
}
