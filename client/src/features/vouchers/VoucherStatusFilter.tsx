import { useId } from 'react';
import type { VoucherStatusCode } from '@shop/domain/voucher-status';
import { STATUS_FILTERS } from './voucher-words.ts';

/**
 * Which vouchers show: all of them, or those in one status (spec §3 words). The choice lives in
 * the url (?status=ready-to-redeem), so it survives a reload and Back; `onChange` navigates.
 */
export function VoucherStatusFilter({ value, onChange }: { value: VoucherStatusCode | null; onChange: (param: string | null) => void }) {
  const id = useId();
  const current = STATUS_FILTERS.find((s) => s.code === value)?.param ?? '';
  return (
    <div className="sort-select voucher-filter">
      <label htmlFor={id}>Show</label>
      <select id={id} value={current} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">All vouchers</option>
        {STATUS_FILTERS.map((s) => (
          <option key={s.code} value={s.param}>
            {s.words}
          </option>
        ))}
      </select>
    </div>
  );
}
