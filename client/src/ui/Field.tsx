import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { fieldId } from './form-errors.ts';
import './forms.css';

/** The inline error(s) of a field, above its input (GOV.UK), with a hidden "Error:" prefix. */
export function ErrorMessage({ id, messages }: { id: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div id={id} className="error-message">
      {messages.length === 1 ? (
        <p>
          <span className="visually-hidden">Error: </span>
          {messages[0]}
        </p>
      ) : (
        <ul>
          {messages.map((m) => (
            <li key={m}>
              <span className="visually-hidden">Error: </span>
              {m}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'type' | 'aria-describedby' | 'aria-invalid'>;

export interface TextFieldProps extends InputProps {
  /** The input's name (the schema's field name); its id is fieldId(name). */
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  errors?: readonly string[];
  type?: 'text' | 'email' | 'password' | 'tel';
  /** A control drawn inside the input's row (the password toggle). */
  addon?: ReactNode;
  /** Extra ids the input is described by. */
  describedBy?: string;
}

/** A labelled text input with its hint and inline errors (aria-describedby, aria-invalid). */
export function TextField({ name, label, hint, errors = [], type = 'text', addon, describedBy, className, ...input }: TextFieldProps) {
  const id = fieldId(name);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors.length > 0 ? `${id}-error` : undefined;
  const described = [hintId, errorId, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <FormGroup id={id} label={label} invalid={errors.length > 0}>
      {hint ? (
        <div id={hintId} className="form-hint">
          {hint}
        </div>
      ) : null}
      <ErrorMessage id={`${id}-error`} messages={errors} />
      <div className="input-row">
        <input
          {...input}
          id={id}
          name={name}
          type={type}
          className={`input${className ? ` ${className}` : ''}`}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={described}
        />
        {addon}
      </div>
    </FormGroup>
  );
}

/**
 * A password input with a Show/Hide toggle (WCAG 3.3.8: paste and password managers work; the
 * toggle helps people who cannot see what they typed). It goes back to hidden when the form is
 * submitted, so browsers offer to save the password.
 */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'addon'> & { autoComplete: 'current-password' | 'new-password' }) {
  const [shown, setShown] = useState(false);
  const statusId = useId();
  const id = fieldId(props.name);
  return (
    <>
      <TextField
        {...props}
        type={shown ? 'text' : 'password'}
        spellCheck={false}
        autoCapitalize="none"
        autoCorrect="off"
        addon={
          <button
            type="button"
            className="input-toggle"
            aria-controls={id}
            aria-pressed={shown}
            onClick={() => setShown(!shown)}
            // Reset when the surrounding form submits.
            ref={(button) => {
              const form = button?.form;
              if (!form) return;
              const hide = () => setShown(false);
              form.addEventListener('submit', hide);
              return () => form.removeEventListener('submit', hide);
            }}
          >
            {shown ? 'Hide' : 'Show'}
            <span className="visually-hidden"> password</span>
          </button>
        }
      />
      <p id={statusId} className="visually-hidden" aria-live="polite">
        {shown ? 'Your password is visible' : ''}
      </p>
    </>
  );
}

/** A single checkbox with its label (and an optional hint and inline error). */
export function CheckboxField({ name, label, hint, errors = [], ...input }: Omit<InputProps, 'type'> & { name: string; label: ReactNode; hint?: ReactNode; errors?: readonly string[] }) {
  const id = fieldId(name);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors.length > 0 ? `${id}-error` : undefined;
  return (
    <div className={`form-group form-group--checkbox${errors.length > 0 ? ' form-group--error' : ''}`}>
      <ErrorMessage id={`${id}-error`} messages={errors} />
      <div className="checkbox">
        <input
          {...input}
          type="checkbox"
          id={id}
          name={name}
          className="checkbox__input"
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        />
        <label className="checkbox__label" htmlFor={id}>
          {label}
        </label>
        {hint ? (
          <div id={hintId} className="form-hint checkbox__hint">
            {hint}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The form's submit button. While `busy` it keeps its place and focus but ignores presses
 * (aria-disabled, not disabled, so focus is not lost) and shows a spinner and `busyLabel`.
 */
export function SubmitButton({ busy, children, busyLabel, variant = 'primary', className }: { busy: boolean; children: ReactNode; busyLabel?: ReactNode; variant?: 'primary' | 'danger' | 'secondary'; className?: string }) {
  return (
    <button
      type="submit"
      className={`button button--${variant} form-submit${className ? ` ${className}` : ''}`}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(e) => {
        if (busy) e.preventDefault();
      }}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {busy ? (busyLabel ?? children) : children}
    </button>
  );
}

/** A form group: the field's label, then what `children` put under it; red when `invalid`. */
export function FormGroup({ id, label, invalid, children }: { id: string; label: ReactNode; invalid: boolean; children: ReactNode }) {
  return (
    <div className={`form-group${invalid ? ' form-group--error' : ''}`}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * A text input with its button beside it (the postcode lookup, the promo code): the label, then
 * the error (announced politely), then the row. `error` marks the input invalid and describes it.
 */
export function InputRowField({ id, label, error, button, ...input }: InputProps & { id: string; label: ReactNode; error: string | null; button: ReactNode }) {
  return (
    <FormGroup id={id} label={label} invalid={Boolean(error)}>
      {error ? (
        <div aria-live="polite">
          <ErrorMessage id={`${id}-error`} messages={[error]} />
        </div>
      ) : null}
      <div className="input-row">
        <input id={id} {...input} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
        {button}
      </div>
    </FormGroup>
  );
}
