import { formatAverage } from '@shop/domain/reviews';

/**
 * Stars out of 5, drawn for the eye and said in words ("4.3 out of 5 stars") to a screen reader:
 * the glyphs are hidden from it.
 */
export function Stars({ value, className = 'stars' }: { value: number; className?: string }) {
  const whole = Math.round(value);
  const words = `${Number.isInteger(value) ? String(value) : formatAverage(value)} out of 5 stars`;
  return (
    <span className={className} role="img" aria-label={words}>
      <span aria-hidden="true" className="stars__on">
        {'★'.repeat(whole)}
      </span>
      <span aria-hidden="true" className="stars__off">
        {'★'.repeat(5 - whole)}
      </span>
    </span>
  );
}
