import { SALES_PERIODS, type SalesPeriod } from './sales-words.ts';

/** The period of the sales figures: the last 7, 30 or 90 London days (radio buttons, one tab stop, arrows move). */
export function PeriodPicker({ value, onChange }: { value: SalesPeriod; onChange: (period: SalesPeriod) => void }) {
  return (
    <fieldset className="period-picker">
      <legend className="visually-hidden">Period</legend>
      {SALES_PERIODS.map((p) => (
        <label key={p} className="period-picker__option">
          <input type="radio" name="sales-period" value={p} checked={value === p} onChange={() => onChange(p)} />
          <span>Last {p} days</span>
        </label>
      ))}
    </fieldset>
  );
}
