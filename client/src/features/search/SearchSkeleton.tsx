import { DealGridSkeleton, SkeletonFrame } from '../../ui/Skeleton.tsx';
import './search.css';

/** The search page's placeholder while its code or first results load (spec §2 loading placeholder). */
export function SearchSkeleton() {
  return (
    <SkeletonFrame status="Searching…">
      <div className="skeleton skeleton--heading" style={{ marginTop: '1.75rem' }} />
      <div className="skeleton skeleton--line" style={{ width: '30%', marginBottom: '1.5rem' }} />
      <div className="search-layout">
        <div className="search-filters search-filters--skeleton" aria-hidden="true">
          {[70, 55, 80, 60, 45, 65].map((w, i) => (
            <div key={i} className="skeleton skeleton--line" style={{ width: `${w}%` }} />
          ))}
        </div>
        <div className="search-results">
          <DealGridSkeleton count={6} />
        </div>
      </div>
    </SkeletonFrame>
  );
}
