import { useState } from 'react';

/**
 * A control's value that follows the URL, but shows the shopper's choice at once while the
 * navigation it started loads (router updates render in a transition, which keeps the old URL's
 * value on screen until the new page's data is in). A new value from the URL replaces the draft,
 * and so does any other navigation (`epoch`: the router's location object, new on every navigation,
 * even back to the same history entry): going back before the page ever rendered the draft's URL
 * must show the URL's value, not the stale draft.
 */
export function useDraft<T>(value: T, epoch?: unknown): [T, (draft: T) => void] {
  const [state, setState] = useState<{ value: T; epoch: unknown; draft: T | undefined; dirty: boolean }>({ value, epoch, draft: undefined, dirty: false });
  const current = Object.is(state.value, value) && Object.is(state.epoch, epoch);
  if (!current) setState({ value, epoch, draft: undefined, dirty: false });
  const shown = current && state.dirty ? (state.draft as T) : value;
  return [shown, (draft: T) => setState({ value, epoch, draft, dirty: true })];
}
