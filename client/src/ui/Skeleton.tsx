import type { ReactNode } from 'react';

/** A grey deal card, as a list item of a deals list. */
export function SkeletonCard() {
  return (
    <li className="card card--skeleton">
      <div className="card__media skeleton" />
      <div className="card__body">
        <div className="skeleton skeleton--line" style={{ width: '45%' }} />
        <div className="skeleton skeleton--line skeleton--title" />
        <div className="skeleton skeleton--line skeleton--title" style={{ width: '70%' }} />
        <div className="skeleton skeleton--line" style={{ width: '35%', height: '1.5rem', marginTop: 'auto' }} />
      </div>
    </li>
  );
}

/** Grey placeholder cards while a page's code or data loads (spec §2: a loading placeholder on route change). */
export function DealGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className="deal-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <SkeletonCard key={i} />
      ))}
    </ul>
  );
}

/** A page's placeholder: its grey shapes, busy, with `status` ("Loading…") for screen readers. */
export function SkeletonFrame({ status, children }: { status: string; children: ReactNode }) {
  return (
    <div className="container page-skeleton" aria-busy="true">
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {children}
    </div>
  );
}

export function PageSkeleton() {
  return (
    <SkeletonFrame status="Loading…">
      <div className="skeleton skeleton--line" style={{ width: '30%', marginTop: '1.5rem' }} />
      <div className="skeleton skeleton--heading" />
      <div className="skeleton skeleton--line" style={{ width: '55%', marginBottom: '2rem' }} />
      <DealGridSkeleton />
    </SkeletonFrame>
  );
}

export function NavSkeleton() {
  return <div className="category-nav category-nav--skeleton" aria-hidden="true" />;
}
