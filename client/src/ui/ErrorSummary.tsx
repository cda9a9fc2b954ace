import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { fieldId, type FormError } from './form-errors.ts';
import './forms.css';

/**
 * The GOV.UK error summary: at the top of the form, "There is a problem", each error a link to
 * its field. It takes focus after every failed submit (`attempt` changes), so keyboard and
 * screen-reader users land on it; following a link focuses the field and scrolls its label
 * into view. Errors without a field (or about a field this form does not have) show as text.
 * `fields` names the form's fields by their labels: each link says which field it is about
 * ("Email address: Required field"), so it reads on its own in a screen reader's list of links.
 */
export function ErrorSummary({
  errors,
  attempt,
  fields,
  title = 'There is a problem',
  headingLevel = 2,
  children,
}: {
  errors: readonly FormError[];
  attempt: number;
  fields: Readonly<Record<string, string>>;
  title?: string;
  /** A summary inside a section that has its own heading (a voucher's refund panel) is one level below it. */
  headingLevel?: 2 | 4;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Several forms on a page (a refund panel per voucher) each have their own summary.
  const titleId = useId();
  useEffect(() => {
    if (attempt > 0) ref.current?.focus();
  }, [attempt]);
  if (errors.length === 0) return null;
  // In the order of the form (errors about the form as a whole first), whatever order they came in.
  const order = Object.keys(fields);
  const at = (e: FormError) => (e.field ? order.indexOf(e.field) : -1);
  const sorted = [...errors].sort((a, b) => at(a) - at(b));
  const Heading = `h${headingLevel}` as const;
  const wording = (e: FormError) => (e.field && fields[e.field] ? `${fields[e.field]}: ${e.message}` : e.message);

  const go = (e: MouseEvent<HTMLAnchorElement>, field: string) => {
    const input = document.getElementById(fieldId(field));
    if (!input) return;
    e.preventDefault();
    // The label (or legend) sits above the input: bring it into view with the field.
    const label = input.closest('fieldset')?.querySelector('legend') ?? document.querySelector(`label[for="${input.id}"]`);
    (label ?? input).scrollIntoView({ block: 'start' });
    input.focus({ preventScroll: true });
  };

  return (
    <div className="error-summary" ref={ref} tabIndex={-1} role="alert" aria-labelledby={titleId}>
      <Heading id={titleId} className="error-summary__title">
        {title}
      </Heading>
      <ul className="error-summary__list">
        {sorted.map((error, i) => (
          <li key={`${error.field}-${i}`}>
            {error.field && error.field in fields ? (
              <a href={`#${fieldId(error.field)}`} onClick={(e) => go(e, error.field!)}>
                {wording(error)}
              </a>
            ) : (
              wording(error)
            )}
          </li>
        ))}
      </ul>
      {children}
    </div>
  );
}
