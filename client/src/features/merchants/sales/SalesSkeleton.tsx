/** The Sales section's placeholder while its figures load: the shapes of the cards, chart and table, busy, with a status for screen readers. */
export function SalesSkeleton() {
  return (
    <div className="sales" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading sales…
      </p>
      <div aria-hidden="true">
        <div className="skeleton skeleton--line" style={{ width: '30%', margin: '8px 0 20px' }} />
        <div className="sales-totals">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="sales-totals__card">
              <div className="skeleton skeleton--line" style={{ width: '40%' }} />
              <div className="skeleton skeleton--heading" style={{ width: '60%' }} />
            </div>
          ))}
        </div>
        <div className="sales-panel">
          <div className="skeleton" style={{ height: 280 }} />
        </div>
      </div>
    </div>
  );
}
