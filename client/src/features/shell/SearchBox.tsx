import { Form, useLocation } from 'react-router';
import { parseSearchParams } from '@shop/domain';
import { locationCookieFor } from '@shop/domain/cookies';
import { useAutocomplete } from '../search/Autocomplete.tsx';
import { ALL_LOCATIONS } from '../search/search-state.ts';
import { shopperLocation } from '../lists/shopper-location.ts';

/**
 * The header search: a real GET form to /search?q=… (react-router's Form navigates in the app;
 * without script the browser submits it the same way), with suggestions as the shopper types
 * (features/search/Autocomplete.tsx). A search starts in the location the shopper is looking at
 * (the location of a /deals/{location} page, or the location of the search on screen).
 */
export function SearchBox() {
  const { pathname, search } = useLocation();
  const onSearch = pathname === '/search';
  const current = onSearch ? parseSearchParams(search) : null;
  const location = current ? (current.location ?? null) : locationCookieFor(pathname);
  const { inputProps, listbox, status } = useAutocomplete({
    initialValue: current?.q ?? '',
    // Suggestions for the same place: everywhere when searching all locations.
    location: location === ALL_LOCATIONS ? null : (location ?? shopperLocation()),
  });
  return (
    <Form method="get" action="/search" role="search" className="search-combo">
      <div className="search-box">
        <label htmlFor="site-search" className="visually-hidden">
          Search deals
        </label>
        <input
          id="site-search"
          className="search-box__input"
          type="search"
          name="q"
          placeholder="Search spa days, afternoon tea, travel…"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={200}
          required
          {...inputProps}
        />
        {location ? <input type="hidden" name="location" value={location} /> : null}
        <button type="submit" className="search-box__button">
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
            <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">Search</span>
        </button>
      </div>
      {listbox}
      {status}
    </Form>
  );
}
