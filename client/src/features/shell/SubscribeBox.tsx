import { useState, type FormEvent } from 'react';

/**
 * The header's email subscribe box (double opt-in): a confirmation email follows a valid
 * address. The check and the request load on the first submit (features/accounts/subscribe.ts).
 */
export function SubscribeBox() {
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget;
    const input = form.querySelector('input');
    setBusy(true);
    setStatus('');
    const { subscribe } = await import('../accounts/subscribe.ts');
    const outcome = await subscribe(String(new FormData(form).get('email') ?? ''), 'HEADER');
    setBusy(false);
    if (outcome.ok) {
      setError('');
      setStatus(outcome.message);
      form.reset();
    } else if (outcome.invalid) {
      setError(outcome.message);
      input?.focus();
    } else {
      setError('');
      setStatus(outcome.message);
    }
  }

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
          onChange={() => status && setStatus('')}
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
