export interface PriceProps {
  /** Money.formatted of the price, e.g. "£49" or "£12.50". */
  price: string;
  /** Money.formatted of the original price; shown struck through when given. */
  original?: string | null;
  /** Whole-number discount in percent; shown as "-45%" when given and above zero. */
  discount?: number | null;
  /** Puts 'from' before the price when a deal has several priced products (Deal.showFromPrice). */
  from?: boolean;
  size?: 'md' | 'lg' | 'xl';
  /** The price in pence, kept on the element for tests and analytics. */
  amount?: number;
}

/** Price display of spec §3: 'from', the price, the original price struck through, the discount. */
export function Price({ price, original, discount, from = false, size = 'md', amount }: PriceProps) {
  return (
    <p className={`price price--${size}`} data-price-pence={amount}>
      {from ? <span className="price__from">from </span> : null}
      <span className="price__now">
        {original ? <span className="visually-hidden">now </span> : null}
        {price}
      </span>
      {original ? (
        <>
          {' '}
          <s className="price__was">
            <span className="visually-hidden">was </span>
            {original}
          </s>
        </>
      ) : null}
      {discount && discount > 0 ? (
        <>
          {' '}
          <DiscountBadge percent={discount} />
        </>
      ) : null}
    </p>
  );
}

/** "-45%" with "45% off" for screen readers. */
export function DiscountBadge({ percent, className = 'badge badge--discount' }: { percent: number; className?: string }) {
  return (
    <span className={className}>
      <span aria-hidden="true">-{percent}%</span>
      <span className="visually-hidden">{percent}% off</span>
    </span>
  );
}
