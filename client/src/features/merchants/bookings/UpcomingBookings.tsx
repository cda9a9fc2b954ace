import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useCommit } from '../../../relay/use-commit.ts';
import { readUserError } from '../../../ui/UserErrorFields.ts';
import type { UpcomingBookings_business$key } from '../../../__generated__/UpcomingBookings_business.graphql';
import type { UpcomingBookingsConfirmMutation, UpcomingBookingsConfirmMutation$data } from '../../../__generated__/UpcomingBookingsConfirmMutation.graphql';
import { CsvDownloadButton } from '../CsvDownloadButton.tsx';
import { bookingsCsv } from './bookings-csv.ts';
import { bookingStatusWords, dayWords } from './bookings-words.ts';

const confirmMutation = graphql`
  mutation UpcomingBookingsConfirmMutation($input: ConfirmBookingInput!) {
    confirmBooking(input: $input) {
      __typename
      ... on BookingConfirmed {
        booking {
          id
          status
          confirmedAt
        }
      }
      ...UserErrorFields @alias(as: "userError")
    }
  }
`;

/**
 * "Upcoming bookings" (issue 17 point 4): the business's bookings from today, by day, each with
 * its option, order and who it is for, and Confirm for one still waiting; confirmed, it says so
 * (the shopper sees it in My Vouchers). No bookings says so; bookings listed can be downloaded
 * as a CSV of what the list shows.
 */
export function UpcomingBookings({ business, businessId, onChanged }: { business: UpcomingBookings_business$key; businessId: string; onChanged: (text: string) => void }) {
  const data = useFragment(
    graphql`
      fragment UpcomingBookings_business on MerchantBusiness {
        name
        bookings(first: 100) {
          edges {
            node {
              id
              date
              status
              optionTitle
              orderNumber
              recipientName
              voucherStatus
            }
          }
          pageInfo {
            hasNextPage
          }
        }
      }
    `,
    business,
  );
  const [confirm] = useCommit<UpcomingBookingsConfirmMutation, UpcomingBookingsConfirmMutation$data['confirmBooking']>(confirmMutation, (r) => r.confirmBooking);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ id: string; message: string } | null>(null);
  const bookings = data.bookings.edges.map((e) => e.node);

  const onConfirm = async (id: string, date: string, orderNumber: string) => {
    if (busy) return;
    setBusy(id);
    setProblem(null);
    try {
      const answer = await confirm({ input: { businessId, bookingId: id } });
      if (answer.__typename === 'BookingConfirmed') {
        onChanged(`Booking for ${dayWords(date)} (order ${orderNumber}) confirmed.`);
        return;
      }
      setProblem({ id, message: answer.userError ? readUserError(answer.userError).message : 'Sorry, something went wrong.' });
    } catch {
      setProblem({ id, message: 'Sorry, we could not reach the shop. Check the connection and try again.' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="bookings-section" aria-labelledby="upcoming-bookings">
      <div className="bookings-section__head">
        <h2 id="upcoming-bookings">Upcoming bookings</h2>
        {bookings.length ? (
          <CsvDownloadButton section="bookings" businessName={data.name} of="upcoming bookings" csv={() => bookingsCsv(bookings)} />
        ) : null}
      </div>
      {bookings.length === 0 ? (
        <p className="bookings-empty">No bookings yet. When a shopper books a date for a voucher of your bookable deals, it appears here by day.</p>
      ) : (
        <>
          <table className="bookings-table">
            <caption className="visually-hidden">Upcoming bookings by day</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Option</th>
                <th scope="col">Order</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {bookings.map((b) => (
                <tr key={b.id}>
                  <th scope="row">{dayWords(b.date)}</th>
                  <td>
                    {b.optionTitle}
                    {b.recipientName ? <span className="bookings-table__for"> (for {b.recipientName})</span> : null}
                  </td>
                  <td>{b.orderNumber}</td>
                  <td>
                    <span className={`badge bookings-status bookings-status--${b.status.toLowerCase()}`}>{bookingStatusWords(b.status)}</span>
                    {b.voucherStatus !== 'Booked' ? <span className="bookings-table__voucher"> · voucher {b.voucherStatus}</span> : null}
                  </td>
                  <td>
                    {b.status === 'REQUESTED' ? (
                      <button type="button" className="button button--primary" aria-busy={busy === b.id || undefined} onClick={() => void onConfirm(b.id, b.date, b.orderNumber)}>
                        Confirm<span className="visually-hidden"> the booking for {dayWords(b.date)}, order {b.orderNumber}</span>
                      </button>
                    ) : null}
                    {problem?.id === b.id ? (
                      <p className="error-message" role="alert">
                        {problem.message}
                      </p>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.bookings.pageInfo.hasNextPage ? <p className="bookings-more">These are the next 100 bookings; later ones appear as these days pass.</p> : null}
        </>
      )}
    </section>
  );
}
