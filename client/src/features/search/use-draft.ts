import { useState } from 'react';

/**
 * A control's value that follows the URL, but shows the shopper's choice at once while the
 * navigation it started loads (router updates render in a transition, which keeps the old URL's
 * value on screen until the new page's data is in). A new value from the URL replaces the draft.
 */
export function useDraft<T>(value: T): [T, (draft: T) => void] {
  const [state, setState] = useState<{ value: T; draft: T | undefined; dirty: boolean }>({ value, draft: undefined, dirty: false });
  if (!Object.is(state.value, value)) setState({ value, draft: undefined, dirty: false });
  const shown = Object.is(state.value, value) && state.dirty ? (state.draft as T) : value;
  return [shown, (draft: T) => setState({ value, draft, dirty: true })];
}
