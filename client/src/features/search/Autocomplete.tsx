import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useRelayEnvironment } from 'react-relay';
import { useNavigate } from 'react-router';
import { SUGGEST_MIN_CHARS } from '@shop/domain';
import type { Suggestion } from './suggest.ts';
import './autocomplete.css';
import { DealPicture, IMAGE_SIZES } from '../deals/DealImage.tsx';

/** How long typing must pause before suggestions are asked for. */
const DEBOUNCE_MS = 150;

const GROUPS: ReadonlyArray<{ kind: Suggestion['kind']; label: string }> = [
  { kind: 'TERM', label: 'Searches' },
  { kind: 'CATEGORY', label: 'Categories' },
  { kind: 'LOCATION', label: 'Locations' },
  { kind: 'DEAL', label: 'Deals' },
];

/** Only a path on this shop is followed; anything else searches for the suggestion's words. */
function destinationOf(s: Suggestion, location: string | null): string {
  const local = s.url.startsWith('/') && !s.url.startsWith('//');
  const url = new URL(local ? s.url : `/search?q=${encodeURIComponent(s.text)}`, window.location.origin);
  // A suggested search keeps the location the shopper searches in.
  if (url.pathname === '/search' && location && !url.searchParams.has('location')) url.searchParams.set('location', location);
  return `${url.pathname}${url.search}`;
}

/** The suggestion's words with the typed part marked. */
function highlight(text: string, typed: string): ReactNode {
  const at = typed ? text.toLowerCase().indexOf(typed.toLowerCase()) : -1;
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <mark>{text.slice(at, at + typed.length)}</mark>
      {text.slice(at + typed.length)}
    </>
  );
}

/**
 * The header search's suggestions: a WAI-ARIA 1.2 combobox (list autocomplete, no automatic
 * selection). From 2 characters, after a 150 ms pause, the suggestions (searches, categories,
 * locations, deals; typo-tolerant on the server) show in a listbox grouped by kind. Down and Up
 * move through them (wrapping), Enter opens the active one or, with none active, submits the form
 * as typed; Escape closes the list, Tab closes it and moves on. Only the newest answer is shown:
 * a slower, older one is cancelled or ignored.
 */
export function useAutocomplete({ initialValue, location }: { initialValue: string; location: string | null }) {
  const environment = useRelayEnvironment();
  const navigate = useNavigate();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const [value, setValue] = useState(initialValue);
  // The input shows the words of the search on screen: a new search (or leaving search) resets it.
  const [shownFor, setShownFor] = useState(initialValue);
  if (shownFor !== initialValue) {
    setShownFor(initialValue);
    setValue(initialValue);
  }
  const [result, setResult] = useState<{ typed: string; suggestions: readonly Suggestion[] }>({ typed: '', suggestions: [] });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancel = useRef<(() => void) | null>(null);
  const latest = useRef(0);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      cancel.current?.();
    },
    [],
  );

  // Suggestions in display order: grouped by kind.
  const ordered = GROUPS.flatMap((g) => result.suggestions.filter((s) => s.kind === g.kind));
  const expanded = open && ordered.length > 0;
  const optionId = (i: number) => `${id}-option-${i}`;

  const stop = () => {
    clearTimeout(timer.current);
    cancel.current?.();
    cancel.current = null;
    latest.current += 1; // any answer on its way is now stale
  };

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const ask = (typed: string) => {
    const request = ++latest.current;
    void import('./suggest.ts')
      .then(({ fetchSuggestions }) => {
        if (request !== latest.current) return;
        cancel.current = fetchSuggestions(
          environment,
          typed,
          location,
          (suggestions) => {
            if (request !== latest.current) return;
            setResult({ typed, suggestions });
            setActive(-1);
            setOpen(document.activeElement === inputRef.current);
          },
          () => {
            // Suggestions are a help, never an error the shopper sees: the form still searches.
            if (request !== latest.current) return;
            setResult({ typed, suggestions: [] });
            close();
          },
        );
      })
      .catch(() => {});
  };

  const choose = (s: Suggestion) => {
    stop();
    close();
    if (s.kind === 'TERM') setValue(s.text);
    void navigate(destinationOf(s, location));
  };

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const next = e.currentTarget.value;
    setValue(next);
    setActive(-1);
    stop();
    const typed = next.trim();
    if (typed.length < SUGGEST_MIN_CHARS) {
      setResult({ typed: '', suggestions: [] });
      setOpen(false);
      return;
    }
    timer.current = setTimeout(() => ask(typed), DEBOUNCE_MS);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = ordered.length;
    switch (e.key) {
      case 'ArrowDown':
        if (n === 0) return;
        e.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(e.altKey ? -1 : 0);
        } else setActive(active + 1 >= n ? 0 : active + 1);
        return;
      case 'ArrowUp':
        if (n === 0) return;
        e.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(n - 1);
        } else setActive(active <= 0 ? n - 1 : active - 1);
        return;
      case 'Enter':
        if (expanded && active >= 0 && ordered[active]) {
          e.preventDefault();
          choose(ordered[active]);
        } else {
          // The form submits the words as typed.
          stop();
          close();
        }
        return;
      case 'Escape':
        if (expanded) {
          e.preventDefault(); // keep the words (a search field clears itself on Escape)
          close();
        }
        return;
      case 'Tab':
        close();
        return;
      case 'ArrowLeft':
      case 'ArrowRight':
      case 'Home':
      case 'End':
        setActive(-1);
        return;
    }
  };

  const inputProps = {
    ref: inputRef,
    value,
    onChange,
    onKeyDown,
    onBlur: close,
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': expanded,
    'aria-controls': listboxId,
    'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
  } as const;

  let index = -1;
  const listbox = (
    <div
      id={listboxId}
      role="listbox"
      aria-label="Search suggestions"
      className="autocomplete"
      hidden={!expanded}
      // Keep focus in the input: a click chooses without blurring it first.
      onMouseDown={(e) => e.preventDefault()}
    >
      {GROUPS.map((g) => {
        const items = ordered.filter((s) => s.kind === g.kind);
        if (items.length === 0) return null;
        const labelId = `${id}-group-${g.kind}`;
        return (
          <div key={g.kind} role="group" aria-labelledby={labelId} className="autocomplete__group">
            <div id={labelId} role="presentation" className="autocomplete__group-label">
              {g.label}
            </div>
            {items.map((s) => {
              const i = ++index;
              return (
                <div
                  key={`${s.kind}:${s.url}:${s.text}`}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  className="autocomplete__option"
                  data-kind={s.kind.toLowerCase()}
                  onClick={() => choose(s)}
                >
                  {s.kind === 'DEAL' && s.deal ? (
                    <DealPicture img={s.deal.image} className="autocomplete__thumb" sizes={IMAGE_SIZES.thumb} alt="" lazy />
                  ) : (
                    <span className={`autocomplete__icon autocomplete__icon--${s.kind.toLowerCase()}`} aria-hidden="true" />
                  )}
                  <span className="autocomplete__text">{highlight(s.text, result.typed)}</span>
                  {s.kind === 'DEAL' && s.deal ? <span className="autocomplete__price">{s.deal.headlinePrice.formatted}</span> : null}
                </div>
              );
            })}
          </div>
        );
      })}
    </div>
  );

  const status = (
    <p className="visually-hidden" role="status" aria-live="polite">
      {expanded ? `${ordered.length} ${ordered.length === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrows to choose.` : ''}
    </p>
  );

  return { inputProps, listbox, status };
}
