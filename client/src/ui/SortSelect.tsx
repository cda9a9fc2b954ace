import { useId, useState } from 'react';
import { SORT_OPTIONS } from '../lib/list-params.ts';
import type { DealSortParam } from '@shop/domain';

export interface SortOption<T extends string> {
  param: T;
  label: string;
}

/**
 * The list order (spec §9 sort options). Its value lives in the url (?orderBy=…). Lists with
 * other orders (search: relevance first) pass their own options.
 */
export function SortSelect<T extends string = DealSortParam>({
  value,
  onChange,
  options = SORT_OPTIONS as unknown as ReadonlyArray<SortOption<T>>,
}: {
  value: T;
  onChange: (value: T) => void;
  options?: ReadonlyArray<SortOption<T>>;
}) {
  const id = useId();
  // The choice shows at once; the list's URL (and so `value`) follows when the new order loads.
  const [draft, setDraft] = useState<{ for: T; value: T } | null>(null);
  if (draft && draft.for !== value) setDraft(null);
  const shown = draft ? draft.value : value;
  return (
    <div className="sort-select">
      <label htmlFor={id}>Sort by</label>
      <select
        id={id}
        value={shown}
        onChange={(e) => {
          const next = e.target.value as T;
          setDraft({ for: value, value: next });
          onChange(next);
        }}
      >
        {options.map((o) => (
          <option key={o.param} value={o.param}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
