import { useState, type FormEvent, type ReactNode } from 'react';
import { forgotPasswordSchema } from '@shop/domain/accounts';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';
import { SubmitButton, TextField } from '../../ui/Field.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { check, formValues } from './form-helpers.ts';
import { useSubmit } from './use-submit.ts';

const FIELDS = { email: 'Email address' };

/** What a page that emails a link (a password reset, a sign-in link) says and asks for. */
export interface EmailLinkRequestProps<R extends { readonly __typename: string }> {
  /** The mutation's name, for error reports. */
  name: string;
  /** Runs the page's own mutation with the checked address. */
  request: (input: { email: string }) => Promise<R>;
  /** The answer's message when it is the "sent" result, else null (an error the form shows). */
  sent: (result: R) => string | null;
  title: string;
  description: string;
  lede: string;
  formLabel: string;
  submitLabel: string;
  /** What the link does and how long it works, given the address it went to. */
  sentDetail: (email: ReactNode) => ReactNode;
  /** The line under the form: the way back to signing in. */
  switchLine: ReactNode;
  /** The same, on the "Check your email" card. */
  backLine: ReactNode;
}

/**
 * An email address, then the same answer whether or not it has an account (no one learns who
 * shops here): the one form behind /forgot-password and /login/email-link.
 */
export function EmailLinkRequest<R extends { readonly __typename: string }>(props: EmailLinkRequestProps<R>) {
  const { form, busy, send } = useSubmit();
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const checked = check(forgotPasswordSchema, formValues(e.currentTarget));
    if (!checked.ok) return form.show(checked.errors);
    await send(props.name, () => props.request(checked.data), (result) => {
      const message = props.sent(result);
      if (message === null) return false;
      form.clear();
      setSent({ email: checked.data.email, message });
      return true;
    });
  }

  if (sent) {
    return (
      <AuthLayout title="Check your email" description={props.description}>
        <Notice title="Request received" variant="success" focus>
          <p>{sent.message}</p>
        </Notice>
        <p>{props.sentDetail(<strong>{sent.email}</strong>)}</p>
        <p className="auth-card__note">Nothing there after a few minutes? Check your spam or junk folder, or try again.</p>
        <p className="auth-card__switch">{props.backLine}</p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={props.title}
      description={props.description}
      hasErrors={form.errors.length > 0}
      summary={<ErrorSummary errors={form.errors} attempt={form.attempt} fields={FIELDS} />}
      lede={props.lede}
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="auth-form" aria-label={props.formLabel}>
        <TextField name="email" label="Email address" type="email" autoComplete="email" spellCheck={false} autoCapitalize="none" errors={form.of('email')} />
        <div className="form-actions">
          <SubmitButton busy={busy} busyLabel="Sending…">
            {props.submitLabel}
          </SubmitButton>
        </div>
      </form>
      <p className="auth-card__switch">{props.switchLine}</p>
    </AuthLayout>
  );
}
