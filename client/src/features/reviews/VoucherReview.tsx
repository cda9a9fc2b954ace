import { useEffect, useRef, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { REVIEW_RATING_MAX, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, reviewInputSchema } from '@shop/domain/reviews';
import { ErrorMessage } from '../../ui/Field.tsx';
import { fieldId } from '../../ui/form-errors.ts';
import { useActionPanel } from '../vouchers/action-panel.ts';
import { ActionPanel } from '../vouchers/ActionPanel.tsx';
import { ReviewItem } from './ReviewItem.tsx';
import { useWriteReviewMutation } from './WriteReviewMutation.ts';
import type { VoucherReview_voucher$key } from '../../__generated__/VoucherReview_voucher.graphql';
import './reviews.css';

/** The stars a shopper chooses from, each with its word. */
const RATING_WORDS: Record<number, string> = { 1: 'Poor', 2: 'Fair', 3: 'Good', 4: 'Very good', 5: 'Excellent' };

export const REVIEW_WORDS = {
  open: 'Review this business',
  title: 'Review this business',
  rating: 'Your rating',
  text: 'Your review',
  textHint: `What was your visit like? ${REVIEW_TEXT_MIN} to ${REVIEW_TEXT_MAX.toLocaleString('en-GB')} characters. We show it with your first name and last initial.`,
  confirm: 'Post review',
  busy: 'Posting your review…',
  cancel: 'Cancel',
  failed: 'Your review was not posted',
  unreachable: 'We could not reach Thistle Deals to post your review. Please check your connection and press Post review again.',
  yours: 'Your review',
} as const;

/**
 * A redeemed voucher's review (issue 19 point 9) in My Vouchers: "Review this business" opens a
 * form (stars as radio buttons, the words in a text area, checked with the same rules as the
 * shop's) while the voucher is redeemed and not reviewed; once posted, the card shows the review
 * under "Your review", focused. Only a redeemed voucher's holder may review, once per voucher.
 */
export function VoucherReview({ voucher }: { voucher: VoucherReview_voucher$key }) {
  const v = useFragment(
    graphql`
      fragment VoucherReview_voucher on Voucher {
        id
        reviewable
        review {
          ...ReviewItem_review
        }
      }
    `,
    voucher,
  );
  const [writeReview] = useWriteReviewMutation();
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const panel = useActionPanel({
    onClose: () => {
      setRating(null);
      setText('');
    },
  });
  const { uid, form, busy } = panel;
  const ratingField = `${uid}-rating`;
  const textField = `${uid}-text`;
  const yours = useRef<HTMLHeadingElement>(null);
  const [posted, setPosted] = useState(false);
  const hasReview = v.review != null;
  useEffect(() => {
    if (hasReview && posted) yours.current?.focus();
  }, [hasReview, posted]);

  if (v.review) {
    return (
      <section className="voucher-review" aria-labelledby={`${uid}-yours`}>
        <h3 id={`${uid}-yours`} ref={yours} tabIndex={-1} className="voucher-review__title">
          {REVIEW_WORDS.yours}
        </h3>
        <ReviewItem review={v.review} />
      </section>
    );
  }
  if (!v.reviewable) return null;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const checked = reviewInputSchema.safeParse({ rating: rating ?? 0, text });
    if (!checked.success) {
      form.show(checked.error.issues.map((i) => ({ field: i.path[0] === 'rating' ? ratingField : textField, message: i.message })));
      return;
    }
    const result = await panel.send(() => writeReview({ input: { voucherId: v.id, rating: checked.data.rating, text: checked.data.text } }), REVIEW_WORDS.unreachable);
    if (!result) return;
    if (result.__typename === 'ReviewWritten') {
      setPosted(true);
      return;
    }
    const field = result.field === 'rating' ? ratingField : result.field === 'text' ? textField : null;
    form.show([{ field, message: result.message || BUYING_MESSAGES.somethingWrong }]);
  }

  const ratingErrors = form.of(ratingField);
  const textErrors = form.of(textField);
  const ratingId = fieldId(ratingField);
  const textId = fieldId(textField);
  return (
    <div className="voucher-review-offer">
      <button {...panel.toggle}>{REVIEW_WORDS.open}</button>
      {panel.open ? (
        <ActionPanel
          panel={panel}
          words={REVIEW_WORDS}
          fields={{ [ratingField]: 'Rating', [textField]: 'Review' }}
          className="voucher-refund voucher-review__form"
          onSubmit={(e) => void onSubmit(e)}
        >
          <fieldset
            className={`choices voucher-review__stars${ratingErrors.length > 0 ? ' form-group--error' : ''}`}
            disabled={busy}
            aria-describedby={ratingErrors.length > 0 ? `${ratingId}-error` : undefined}
          >
            <legend className="form-label">{REVIEW_WORDS.rating}</legend>
            <ErrorMessage id={`${ratingId}-error`} messages={ratingErrors} />
            <div className="choices__list">
              {Array.from({ length: REVIEW_RATING_MAX }, (_, i) => REVIEW_RATING_MAX - i).map((stars, i) => {
                // The first choice carries the field's id: the error summary's link lands on it.
                const id = i === 0 ? ratingId : `${uid}-stars-${stars}`;
                return (
                  <div className="radio" key={stars}>
                    <input
                      type="radio"
                      className="radio__input"
                      id={id}
                      name={`${uid}-rating`}
                      checked={rating === stars}
                      onChange={() => {
                        setRating(stars);
                        form.dismiss([ratingField]);
                      }}
                    />
                    <label className="radio__label" htmlFor={id}>
                      <span aria-hidden="true" className="stars__on">
                        {'★'.repeat(stars)}
                      </span>{' '}
                      {`${stars} ${stars === 1 ? 'star' : 'stars'}: ${RATING_WORDS[stars]}`}
                    </label>
                  </div>
                );
              })}
            </div>
          </fieldset>
          <div className={`form-group${textErrors.length > 0 ? ' form-group--error' : ''}`}>
            <label className="form-label" htmlFor={textId}>
              {REVIEW_WORDS.text}
            </label>
            <p className="form-hint" id={`${textId}-hint`}>
              {REVIEW_WORDS.textHint}
            </p>
            <ErrorMessage id={`${textId}-error`} messages={textErrors} />
            <textarea
              id={textId}
              className="input voucher-review__text"
              rows={4}
              maxLength={REVIEW_TEXT_MAX}
              value={text}
              disabled={busy}
              aria-invalid={textErrors.length > 0 || undefined}
              aria-describedby={`${textId}-hint${textErrors.length > 0 ? ` ${textId}-error` : ''}`}
              onChange={(e) => {
                setText(e.target.value);
                if (e.target.value.trim().length >= REVIEW_TEXT_MIN) form.dismiss([textField]);
              }}
            />
          </div>
        </ActionPanel>
      ) : null}
    </div>
  );
}
