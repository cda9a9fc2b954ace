import { useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { ErrorMessage } from '../../../ui/Field.tsx';
import { fieldId } from '../../../ui/form-errors.ts';
import { useActionPanel } from '../action-panel.ts';
import { ActionPanel } from '../ActionPanel.tsx';
import { BOOKING_WORDS, bookedWords, changeableWords, changeRuleWords, dayInWords } from './booking-words.ts';
import { useBookVoucherDate, useCancelVoucherBooking, useMoveVoucherBooking, type BookingAnswer } from './BookingMutations.ts';
import type { VoucherBooking_voucher$key } from '../../../__generated__/VoucherBooking_voucher.graphql';
import './voucher-booking.css';

/** How many of the days with a place left the panel lists (the date field takes any of them). */
const LISTED_DAYS = 14;

/**
 * Booking a date for a voucher of a deal booked on the merchant's calendar (issue 17 point 4): a
 * Ready to Redeem voucher offers "Book a date" (a date field limited to tomorrow … the voucher's
 * last day, and the days with a place left to pick from); a Booked one says which day and whether
 * the merchant confirmed it, and offers "Change date" and "Cancel booking" until the merchant's
 * deadline. The answer's voucher updates the card by its id. Nothing for any other voucher.
 */
export function VoucherBooking({ voucher }: { voucher: VoucherBooking_voucher$key }) {
  const v = useFragment(
    graphql`
      fragment VoucherBooking_voucher on Voucher {
        id
        statusCode
        booking {
          date
          status
          changeable
          changeableUntil
        }
        bookingOptions {
          firstDate
          lastDate
          availableDates {
            date
            placesLeft
          }
          changeHours
        }
      }
    `,
    voucher,
  );
  const booked = v.statusCode === 'BOOKED' && v.booking ? v.booking : null;
  if (booked) {
    return (
      <div className="voucher-booking">
        <p className="voucher-booking__day">
          <strong>{bookedWords(booked.date)}</strong>
          <span className={`badge voucher-booking__status voucher-booking__status--${booked.status.toLowerCase()}`}>
            {booked.status === 'CONFIRMED' ? BOOKING_WORDS.confirmed : BOOKING_WORDS.requested}
          </span>
        </p>
        {booked.changeable ? (
          <>
            <p className="voucher-booking__rule">{changeableWords(booked.changeableUntil)}</p>
            <div className="voucher-card__actions">
              {v.bookingOptions ? <ChooseDate voucherId={v.id} options={v.bookingOptions} current={booked.date} /> : null}
              <CancelBooking voucherId={v.id} />
            </div>
          </>
        ) : (
          <p className="voucher-booking__rule">{BOOKING_WORDS.closed}</p>
        )}
      </div>
    );
  }
  if (v.statusCode !== 'READY_TO_REDEEM' || !v.bookingOptions) return null;
  return <ChooseDate voucherId={v.id} options={v.bookingOptions} current={null} />;
}

type Options = { firstDate: string; lastDate: string; availableDates: ReadonlyArray<{ date: string; placesLeft: number }>; changeHours: number };

/** "Book a date" (current null) or "Change date": the date field, the days with a place left, and the request. */
function ChooseDate({ voucherId, options, current }: { voucherId: string; options: Options; current: string | null }) {
  const [book] = useBookVoucherDate();
  const [move] = useMoveVoucherBooking();
  const [date, setDate] = useState('');
  const panel = useActionPanel({ onClose: () => setDate('') });
  const { uid, form, busy } = panel;
  const dateField = `${uid}-date`;
  const dateId = fieldId(dateField);
  const moving = current !== null;
  const days = options.availableDates.filter((d) => d.date !== current);
  const words = moving
    ? { title: BOOKING_WORDS.moveTitle, failed: BOOKING_WORDS.failedMove, confirm: BOOKING_WORDS.confirmMove, busy: BOOKING_WORDS.busyMove, cancel: BOOKING_WORDS.close }
    : { title: BOOKING_WORDS.bookTitle, failed: BOOKING_WORDS.failedBook, confirm: BOOKING_WORDS.confirmBook, busy: BOOKING_WORDS.busyBook, cancel: BOOKING_WORDS.close };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (!date) return form.show([{ field: dateField, message: BOOKING_WORDS.chooseDate }]);
    if (!days.some((d) => d.date === date)) return form.show([{ field: dateField, message: BOOKING_WORDS.notAvailable }]);
    const answer: BookingAnswer | null = await panel.send(() => (moving ? move : book)({ input: { voucherId, date } }), BOOKING_WORDS.unreachable);
    if (!answer) return;
    // Done: the card shows the booking (this panel goes with the status it had).
    if (answer.ok) return panel.close();
    form.show([{ field: answer.field === 'date' ? dateField : null, message: answer.message || BUYING_MESSAGES.somethingWrong }]);
  }

  const dateErrors = form.of(dateField);
  return (
    <div className="voucher-booking-offer">
      <button {...panel.toggle}>{moving ? BOOKING_WORDS.move : BOOKING_WORDS.book}</button>
      {panel.open ? (
        <ActionPanel panel={panel} words={words} fields={{ [dateField]: BOOKING_WORDS.date }} className="voucher-refund voucher-booking__form" onSubmit={(e) => void onSubmit(e)}>
          {days.length === 0 ? (
            <p>{BOOKING_WORDS.noDates}</p>
          ) : (
            <>
              <div className={`form-group${dateErrors.length > 0 ? ' form-group--error' : ''}`}>
                <label className="form-label" htmlFor={dateId}>
                  {BOOKING_WORDS.date}
                </label>
                <p className="form-hint" id={`${dateId}-hint`}>
                  {BOOKING_WORDS.dateHint} {changeRuleWords(options.changeHours)}
                </p>
                <ErrorMessage id={`${dateId}-error`} messages={dateErrors} />
                <input
                  id={dateId}
                  type="date"
                  className="input voucher-booking__date"
                  min={options.firstDate}
                  max={options.lastDate}
                  value={date}
                  disabled={busy}
                  aria-invalid={dateErrors.length > 0 || undefined}
                  aria-describedby={`${dateId}-hint${dateErrors.length > 0 ? ` ${dateId}-error` : ''}`}
                  onChange={(e) => {
                    setDate(e.target.value);
                    form.dismiss([dateField]);
                  }}
                />
              </div>
              <fieldset className="voucher-booking__days">
                <legend className="form-label">{BOOKING_WORDS.available}</legend>
                <ul className="voucher-booking__list">
                  {days.slice(0, LISTED_DAYS).map((d) => (
                    <li key={d.date}>
                      <button
                        type="button"
                        className={`button button--secondary voucher-booking__day-choice${d.date === date ? ' voucher-booking__day-choice--chosen' : ''}`}
                        aria-pressed={d.date === date}
                        disabled={busy}
                        onClick={() => {
                          setDate(d.date);
                          form.dismiss([dateField]);
                        }}
                      >
                        {dayInWords(d.date)}
                        <span className="voucher-booking__places">
                          {d.placesLeft} {d.placesLeft === 1 ? 'place' : 'places'} left
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              </fieldset>
            </>
          )}
        </ActionPanel>
      ) : null}
    </div>
  );
}

/** "Cancel booking": a confirmation, then the voucher is Ready to Redeem again. */
function CancelBooking({ voucherId }: { voucherId: string }) {
  const [cancel] = useCancelVoucherBooking();
  const panel = useActionPanel();
  async function onConfirm() {
    const answer = await panel.send(() => cancel({ input: { voucherId } }), BOOKING_WORDS.unreachable);
    if (!answer) return;
    if (answer.ok) return panel.close();
    panel.form.show([{ field: null, message: answer.message || BUYING_MESSAGES.somethingWrong }]);
  }
  return (
    <div className="voucher-booking-offer">
      <button {...panel.toggle}>{BOOKING_WORDS.cancel}</button>
      {panel.open ? (
        <ActionPanel
          panel={panel}
          words={{ title: BOOKING_WORDS.cancelTitle, failed: BOOKING_WORDS.failedCancel, confirm: BOOKING_WORDS.confirmCancel, busy: BOOKING_WORDS.busyCancel, cancel: BOOKING_WORDS.keep }}
          onConfirm={() => void onConfirm()}
        >
          <p>{BOOKING_WORDS.cancelBody}</p>
        </ActionPanel>
      ) : null}
    </div>
  );
}
