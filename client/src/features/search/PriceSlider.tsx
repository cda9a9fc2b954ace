import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { PRICE_STEPS, priceFilterOf, sliderIndexesOf } from '@shop/domain';
import { useDraft } from './use-draft.ts';
import './filters.css';

export interface PriceFilter {
  /** Pounds. */
  minPrice?: number;
  maxPrice?: number;
}

/** How long the slider waits after the last key press before it applies (a drag applies on release). */
const APPLY_DELAY_MS = 700;

const stepLabel = (steps: readonly number[], i: number) => `£${steps[i]}${i === steps.length - 1 ? '+' : ''}`;

/** "Any price", "Up to £50", "£20 and over", "£10 to £100". */
export function priceRangeText(filter: PriceFilter): string {
  const { minPrice, maxPrice } = filter;
  if (minPrice === undefined && maxPrice === undefined) return 'Any price';
  if (minPrice === undefined) return `Up to £${maxPrice}`;
  if (maxPrice === undefined) return `£${minPrice} and over`;
  return `£${minPrice} to £${maxPrice}`;
}

/**
 * The price filter (spec §5, §9): two thumbs over the steps £0 £10 £20 £50 £100 £1000+. Each
 * thumb is a native range input (keyboard, touch and screen readers for free) labelled and with
 * a spoken value. The filter applies when a drag ends, or shortly after the last key press, with
 * domain's priceFilterOf: a lower bound at the first step or an upper bound at the last step drops
 * that parameter. The URL holds pounds; the caller turns them into the list's query.
 */
export function PriceSlider({
  minPrice,
  maxPrice,
  steps = PRICE_STEPS,
  onApply,
}: PriceFilter & { steps?: readonly number[]; onApply: (filter: PriceFilter) => void }) {
  const id = useId();
  const last = steps.length - 1;
  const applied = sliderIndexesOf(minPrice, maxPrice, steps);
  const key = `${minPrice ?? ''}:${maxPrice ?? ''}`;
  // The thumbs follow the URL; a move shows at once (the draft) and applies a moment later.
  const [state, setState] = useState<{ key: string; draft: [number, number] | null }>({ key, draft: null });
  if (state.key !== key) setState({ key, draft: null });
  const [lo, hi] = state.key === key && state.draft ? state.draft : applied;

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<[number, number] | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = () => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (!next) return;
    const filter = priceFilterOf(next[0], next[1], steps);
    if (filter.minPrice === minPrice && filter.maxPrice === maxPrice) return;
    onApply(filter);
  };

  const move = (thumb: 'lo' | 'hi', value: number) => {
    // The thumbs never cross or meet: the lower stays below the upper.
    const next: [number, number] = thumb === 'lo' ? [Math.min(value, hi - 1), hi] : [lo, Math.max(value, lo + 1)];
    if (next[0] < 0 || next[1] > last) return;
    setState({ key, draft: next });
    pending.current = next;
    clearTimeout(timer.current);
    timer.current = setTimeout(apply, APPLY_DELAY_MS);
  };

  const filter = priceFilterOf(lo, hi, steps);
  const fill: CSSProperties = { left: `${(lo / last) * 100}%`, right: `${100 - (hi / last) * 100}%` };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') apply();
  };
  const loText = lo === 0 ? `${stepLabel(steps, lo)}, no minimum` : stepLabel(steps, lo);
  const hiText = hi === last ? `${stepLabel(steps, hi)}, no maximum` : stepLabel(steps, hi);
  const thumb = (side: 'lo' | 'hi', value: number, label: string, valueText: string) => (
    <input
      type="range"
      className={`price-slider__input price-slider__input--${side}`}
      min={0}
      max={last}
      step={1}
      value={value}
      aria-label={label}
      aria-valuetext={valueText}
      onChange={(e) => move(side, Number(e.currentTarget.value))}
      onPointerUp={apply}
      onBlur={apply}
      onKeyDown={onKeyDown}
    />
  );

  return (
    <fieldset className="price-slider" aria-describedby={`${id}-value`}>
      <legend className="filter-group__title">Price</legend>
      <p id={`${id}-value`} className="price-slider__value">
        {priceRangeText(filter)}
      </p>
      <div className="price-slider__control">
        <div className="price-slider__track" aria-hidden="true">
          <div className="price-slider__fill" style={fill} />
        </div>
        {/* A drag applies on release; keys and a screen reader's increments wait a moment. */}
        {thumb('lo', lo, 'Minimum price', loText)}
        {thumb('hi', hi, 'Maximum price', hiText)}
      </div>
      <ol className="price-slider__ticks" aria-hidden="true">
        {steps.map((_, i) => (
          <li key={i} style={{ '--at': i / last } as CSSProperties} data-active={i >= lo && i <= hi ? '' : undefined}>
            {stepLabel(steps, i)}
          </li>
        ))}
      </ol>
    </fieldset>
  );
}

/** Only VIP deals (spec §6: VIP members get VIP-exclusive products). */
export function VipToggle({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const [shown, setShown] = useDraft(checked, useLocation());
  return (
    <label className="vip-toggle">
      <input
        type="checkbox"
        role="switch"
        className="vip-toggle__input"
        checked={shown}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          setShown(on);
          onChange(on);
        }}
      />
      <span className="vip-toggle__switch" aria-hidden="true" />
      <span className="vip-toggle__label">
        <span className="vip-toggle__crown" aria-hidden="true">
          ♛
        </span>{' '}
        VIP deals only
      </span>
    </label>
  );
}
