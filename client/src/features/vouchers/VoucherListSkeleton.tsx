/** Grey voucher cards while the list loads (spec §2: a loading placeholder), busy for screen readers. */
export function VoucherListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className="voucher-list" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading your vouchers…
      </p>
      <ul className="voucher-list__items" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="voucher-card voucher-card--skeleton">
            <div className="voucher-card__media skeleton" />
            <div className="voucher-card__body">
              <div className="skeleton skeleton--line skeleton--title" style={{ width: '70%' }} />
              <div className="skeleton skeleton--line" style={{ width: '45%' }} />
              <div className="skeleton skeleton--line" style={{ width: '35%' }} />
              <div className="skeleton skeleton--line" style={{ width: '55%', height: '2.5rem', marginTop: '0.5rem' }} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
