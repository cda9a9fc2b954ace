import { Form } from 'react-router';

/**
 * The header search: a real GET form to /search?q=… (react-router's Form navigates in the app;
 * without script the browser submits it the same way).
 */
export function SearchBox() {
  return (
    <Form method="get" action="/search" role="search" className="search-box">
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
        enterKeyHint="search"
        required
      />
      <button type="submit" className="search-box__button">
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">Search</span>
      </button>
    </Form>
  );
}
