import { useState, type FormEvent } from 'react';

// A pragmatic check (something@domain.tld, no spaces); the subscription service will validate again.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * The header's email subscribe box. The subscription API lands with the accounts issue, so a
 * valid address gets an honest "coming soon" status rather than a pretend success.
 * TODO(#3): post to the subscription endpoint once it exists.
 */
export function SubscribeBox() {
  const [error, setError] = useState(false);
  const [status, setStatus] = useState('');

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email') ?? '').trim();
    const valid = EMAIL.test(email);
    setError(!valid);
    setStatus(valid ? 'Email sign-up is coming soon. We have not saved your address.' : '');
    if (!valid) e.currentTarget.querySelector('input')?.focus();
  }

  return (
    <form className="subscribe-box" noValidate onSubmit={onSubmit}>
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
          aria-invalid={error || undefined}
          aria-describedby={error ? 'subscribe-email-error' : undefined}
          onChange={() => status && setStatus('')}
        />
        <button type="submit" className="subscribe-box__button">
          Subscribe
        </button>
      </div>
      {error && (
        <p id="subscribe-email-error" className="field-error">
          <span className="visually-hidden">Error: </span>Enter a valid email
        </p>
      )}
      <p role="status" className="subscribe-box__status">
        {status}
      </p>
    </form>
  );
}
