import { useId } from 'react';
import { SORT_OPTIONS } from '../lib/list-params.ts';
import type { DealSortParam } from '@shop/domain';

/** The list order (spec §9 sort options). Its value lives in the url (?orderBy=…). */
export function SortSelect({ value, onChange }: { value: DealSortParam; onChange: (value: DealSortParam) => void }) {
  const id = useId();
  return (
    <div className="sort-select">
      <label htmlFor={id}>Sort by</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as DealSortParam)}>
        {SORT_OPTIONS.map((o) => (
          <option key={o.param} value={o.param}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
