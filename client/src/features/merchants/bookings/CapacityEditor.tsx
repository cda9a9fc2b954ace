import { useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useCommit } from '../../../relay/use-commit.ts';
import { ErrorSummary } from '../../../ui/ErrorSummary.tsx';
import { ErrorMessage } from '../../../ui/Field.tsx';
import { fieldId, useFormErrors } from '../../../ui/form-errors.ts';
import { readUserError } from '../../../ui/UserErrorFields.ts';
import type { CapacityEditor_bookableDeal$key } from '../../../__generated__/CapacityEditor_bookableDeal.graphql';
import type { CapacityEditorMutation, CapacityEditorMutation$data } from '../../../__generated__/CapacityEditorMutation.graphql';
import { dayWords, hoursError, placesError, WEEKDAYS } from './bookings-words.ts';

const mutation = graphql`
  mutation CapacityEditorMutation($input: SetDealCapacityInput!) {
    setDealCapacity(input: $input) {
      __typename
      ... on DealCapacitySet {
        bookableDeal {
          capacity {
            changeHours
          }
        }
      }
      ...UserErrorFields @alias(as: "userError")
    }
  }
`;

const DEFAULT_HOURS = '24';

/** A whole number (a weekday's or a date's places, the hours before a day), with its error messages under the label. */
function WholeNumberInput({ id, messages, value, step, max = 10000, onChange }: { id: string; messages: readonly string[]; value: string | undefined; step?: number; max?: number; onChange: (value: string) => void }) {
  return (
    <>
      <ErrorMessage id={`${id}-error`} messages={messages} />
      <input
        id={id}
        className="input capacity__number"
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        step={step}
        value={value}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={messages.length ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </>
  );
}

/**
 * One bookable deal's capacity (issue 17 point 4): places for each weekday (0: closed), dates with
 * other places (0 closes a day: a holiday), and how many hours before a day shoppers may still move
 * or cancel. Checked here first and again by the shop; errors name their field. Saved, `onSaved`
 * says so for the page (which reads its sections again). Without a capacity, nothing is booked
 * online and sales never pause: saving one turns both on.
 */
export function CapacityEditor({ bookableDeal, businessId, onSaved }: { bookableDeal: CapacityEditor_bookableDeal$key; businessId: string; onSaved: (text: string) => void }) {
  const data = useFragment(
    graphql`
      fragment CapacityEditor_bookableDeal on BookableDeal {
        deal {
          id
          dealId
          title
        }
        capacity {
          weekly
          exceptions {
            date
            places
          }
          changeHours
        }
      }
    `,
    bookableDeal,
  );
  const [commit] = useCommit<CapacityEditorMutation, CapacityEditorMutation$data['setDealCapacity']>(mutation, (r) => r.setDealCapacity);
  const errors = useFormErrors();
  const [weekly, setWeekly] = useState<string[]>(() => (data.capacity?.weekly ?? [0, 0, 0, 0, 0, 0, 0]).map(String));
  const [hours, setHours] = useState(() => String(data.capacity?.changeHours ?? DEFAULT_HOURS));
  const [exceptions, setExceptions] = useState(() => (data.capacity?.exceptions ?? []).map((x) => ({ date: x.date, places: String(x.places) })));
  const [newDate, setNewDate] = useState('');
  const [newPlaces, setNewPlaces] = useState('0');
  const [busy, setBusy] = useState(false);

  const key = `deal-${data.deal.dealId}`;
  const names = {
    day: (i: number) => `${key}-weekly-${i}`,
    hours: `${key}-changeHours`,
    exception: (i: number) => `${key}-exceptions-${i}`,
    newDate: `${key}-new-date`,
  };
  const fields: Record<string, string> = { [names.hours]: 'Changes allowed until', [names.newDate]: 'Date' };
  WEEKDAYS.forEach((d, i) => (fields[names.day(i)] = d));
  exceptions.forEach((x, i) => (fields[names.exception(i)] = dayWords(x.date)));

  const addException = () => {
    const problems = [
      ...(/^\d{4}-\d{2}-\d{2}$/.test(newDate) ? [] : [{ field: names.newDate, message: 'Choose a date.' }]),
      ...(exceptions.some((x) => x.date === newDate) ? [{ field: names.newDate, message: 'That date is listed already: change its places below.' }] : []),
      ...((m) => (m ? [{ field: names.newDate, message: m }] : []))(placesError(newPlaces)),
    ];
    if (problems.length) return errors.show(problems);
    errors.clear();
    setExceptions((xs) => [...xs, { date: newDate, places: newPlaces }].sort((a, b) => a.date.localeCompare(b.date)));
    setNewDate('');
    setNewPlaces('0');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problems = [
      ...weekly.flatMap((v, i) => ((m) => (m ? [{ field: names.day(i), message: m }] : []))(placesError(v))),
      ...exceptions.flatMap((x, i) => ((m) => (m ? [{ field: names.exception(i), message: m }] : []))(placesError(x.places))),
      ...((m) => (m ? [{ field: names.hours, message: m }] : []))(hoursError(hours)),
    ];
    if (problems.length) return errors.show(problems);
    errors.clear();
    setBusy(true);
    try {
      const answer = await commit({
        input: { businessId, dealId: data.deal.id, weekly: weekly.map(Number), exceptions: exceptions.map((x) => ({ date: x.date, places: Number(x.places) })), changeHours: Number(hours) },
      });
      if (answer.__typename === 'DealCapacitySet') {
        onSaved(`Capacity saved for ${data.deal.title}.`);
        return;
      }
      const error = answer.userError ? readUserError(answer.userError) : null;
      const day = error?.field?.match(/^weekly\.(\d)$/);
      const exception = error?.field?.match(/^exceptions\.(\d+)/);
      const field = day ? names.day(Number(day[1])) : exception ? names.exception(Number(exception[1])) : error?.field === 'changeHours' ? names.hours : null;
      errors.show([{ field, message: error?.message ?? 'Sorry, something went wrong.' }]);
    } catch {
      errors.show([{ field: null, message: 'Sorry, we could not reach the shop. Check the connection and try again.' }]);
    } finally {
      setBusy(false);
    }
  };

  const headingId = `${key}-heading`;
  return (
    <section className="capacity" aria-labelledby={headingId}>
      <h3 id={headingId} className="capacity__title">
        {data.deal.title}
      </h3>
      <p className="capacity__state">{data.capacity ? 'Shoppers book dates from these places; sales pause by themselves when every place before the vouchers expire is spoken for.' : 'No capacity set yet: shoppers cannot book online and sales never pause.'}</p>
      <form className="capacity__form" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={headingId}>
        <ErrorSummary errors={errors.errors} attempt={errors.attempt} fields={fields} headingLevel={4} />
        <fieldset className="capacity__week">
          <legend className="form-label">Places each weekday (0: closed)</legend>
          <div className="capacity__days">
            {WEEKDAYS.map((day, i) => {
              const id = fieldId(names.day(i));
              const messages = errors.of(names.day(i));
              return (
                <div key={day} className={`form-group capacity__day${messages.length ? ' form-group--error' : ''}`}>
                  <label className="form-label" htmlFor={id}>
                    {day}
                  </label>
                  <WholeNumberInput
                    id={id}
                    messages={messages}
                    step={1}
                    value={weekly[i]}
                    onChange={(value) => {
                      const next = [...weekly];
                      next[i] = value;
                      setWeekly(next);
                      errors.dismiss([names.day(i)]);
                    }}
                  />
                </div>
              );
            })}
          </div>
        </fieldset>

        <fieldset className="capacity__exceptions">
          <legend className="form-label">Dates with other places</legend>
          {exceptions.length === 0 ? <p className="capacity__none">None: every date has its weekday's places.</p> : null}
          <ul className="capacity__list">
            {exceptions.map((x, i) => {
              const id = fieldId(names.exception(i));
              const messages = errors.of(names.exception(i));
              return (
                <li key={x.date} className={`capacity__exception${messages.length ? ' form-group--error' : ''}`}>
                  <label htmlFor={id} className="capacity__exception-day">
                    {dayWords(x.date)}
                  </label>
                  <WholeNumberInput id={id} messages={messages} value={x.places} onChange={(value) => setExceptions((xs) => xs.map((y, j) => (j === i ? { ...y, places: value } : y)))} />
                  <button type="button" className="button button--secondary" onClick={() => setExceptions((xs) => xs.filter((_, j) => j !== i))}>
                    Remove<span className="visually-hidden"> {dayWords(x.date)}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <div className="capacity__add">
            <div className={`form-group${errors.of(names.newDate).length ? ' form-group--error' : ''}`}>
              <label className="form-label" htmlFor={fieldId(names.newDate)}>
                Date
              </label>
              <ErrorMessage id={`${fieldId(names.newDate)}-error`} messages={errors.of(names.newDate)} />
              <input id={fieldId(names.newDate)} className="input" type="date" value={newDate} onChange={(e) => setNewDate(e.target.value)} />
            </div>
            <div className="form-group">
              <label className="form-label" htmlFor={`${fieldId(names.newDate)}-places`}>
                Places that day
              </label>
              <input id={`${fieldId(names.newDate)}-places`} className="input capacity__number" type="number" inputMode="numeric" min={0} max={10000} value={newPlaces} onChange={(e) => setNewPlaces(e.target.value)} />
            </div>
            <button type="button" className="button button--secondary" onClick={addException}>
              Add date
            </button>
          </div>
        </fieldset>

        <div className={`form-group${errors.of(names.hours).length ? ' form-group--error' : ''}`}>
          <label className="form-label" htmlFor={fieldId(names.hours)}>
            Changes allowed until (hours before the day)
          </label>
          <WholeNumberInput
            id={fieldId(names.hours)}
            messages={errors.of(names.hours)}
            value={hours}
            max={720}
            onChange={(value) => {
              setHours(value);
              errors.dismiss([names.hours]);
            }}
          />
        </div>
        <button type="submit" className="button button--primary" aria-busy={busy || undefined}>
          Save capacity<span className="visually-hidden"> for {data.deal.title}</span>
        </button>
      </form>
    </section>
  );
}
