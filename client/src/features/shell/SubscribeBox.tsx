import { useSubscribeForm } from '../accounts/use-subscribe-form.ts';

/**
 * The header's email subscribe box (double opt-in): a confirmation email follows a valid
 * address. The check and the request load on the first submit (features/accounts/subscribe.ts).
 */
export function SubscribeBox() {
  const { error, status, busy, onSubmit, onChange } = useSubscribeForm('HEADER');

  return (
    <form className="subscribe-box" noValidate onSubmit={(e) => void onSubmit(e)}>
      <label htmlFor="subscribe-email" className="subscribe-box__label">
        Daily deals by email
      </label>
      <div className="subscribe-box__row">
        <input
          id="subscribe-email"
          className="subscribe-box__input"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.co.uk"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'subscribe-email-error' : undefined}
          onChange={onChange}
        />
        <button type="submit" className="subscribe-box__button" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
          Subscribe
        </button>
      </div>
      {error && (
        <p id="subscribe-email-error" className="field-error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      <p role="status" className="subscribe-box__status">
        {status}
      </p>
    </form>
  );
}
