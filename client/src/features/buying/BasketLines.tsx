import { useId, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { formatMoney } from '@shop/domain/money';
import { isEmail } from '@shop/domain/email';
import { GIFT_CARD_DEAL_ID, GIFT_CARD_POSTAGE_PENCE, GIFT_CARD_POST_WORKING_DAYS, isPostedGiftCard, type GiftCardDeliveryOption } from '@shop/domain/gift-cards';
import { giftSendAfter, giftSendOnInWords, giftSendOnProblem, latestGiftSendOn } from '@shop/domain/gift-send-date';
import { londonDate } from '@shop/domain/london-time';
import { ErrorMessage, FormGroup } from '../../ui/Field.tsx';
import { fieldId } from '../../ui/form-errors.ts';
import type { GiftingType } from './BasketLineMutations.ts';
import type { BasketLines_checkout$data, BasketLines_checkout$key } from '../../__generated__/BasketLines_checkout.graphql';
import type { BasketLines_line$data, BasketLines_line$key } from '../../__generated__/BasketLines_line.graphql';
import { DealImage, IMAGE_SIZES } from '../deals/DealImage.tsx';

type Line = BasketLines_line$data;
type GiftingConfig = BasketLines_checkout$data['giftingConfig'];

/** What the page does with a line's controls (it owns the status, the line errors and the toasts). */
export interface LineActions {
  /** False while the page loads, updates or refreshes: controls wait. */
  settled: boolean;
  setQuantity: (productId: number, quantity: number) => void;
  remove: (productId: number) => void;
  setGifting: (productId: number, gifting: GiftingType, recipient: { name: string; email: string | null; message: string | null; sendOn: string | null } | null) => Promise<boolean>;
  /** A gift card's delivery (issue 18 point 2): 'e-gift' or 'posted'. */
  setDeliveryOption: (productId: number, deliveryOptionType: GiftCardDeliveryOption) => Promise<boolean>;
}

/** The basket's lines (spec §3 Basket line): quantity steppers, remove, and gifting per line. */
export function BasketLines({ checkout, actions, errors }: { checkout: BasketLines_checkout$key; actions: LineActions; errors: ReadonlyMap<number, string> }) {
  const data = useFragment<BasketLines_checkout$key>(
    graphql`
      fragment BasketLines_checkout on Checkout {
        basket {
          lines {
            productId
            ...BasketLines_line
          }
        }
        # the prices the gift options show
        giftingConfig {
          giftWrap {
            price {
              amount
              formatted
            }
          }
          nextDayGiftPack {
            price {
              amount
              formatted
            }
          }
          standardGiftPack {
            price {
              amount
              formatted
            }
          }
        }
      }
    `,
    checkout,
  );
  return (
    <ul className="basket-lines" aria-label="Your basket">
      {data.basket.lines.map((line) => (
        <BasketLine key={line.productId} line={line} giftingConfig={data.giftingConfig} actions={actions} error={errors.get(line.productId) ?? null} />
      ))}
    </ul>
  );
}

function BasketLine({ line: lineKey, giftingConfig, actions, error }: { line: BasketLines_line$key; giftingConfig: GiftingConfig; actions: LineActions; error: string | null }) {
  const line = useFragment<BasketLines_line$key>(
    graphql`
      fragment BasketLines_line on BasketLine {
        productId
        title
        quantity
        maxQuantity
        minQuantity
        soldOut
        payDeposit
        unitPrice {
          formatted
        }
        postage {
          amount
          formatted
        }
        total {
          formatted
        }
        dealId
        gifting
        giftRecipient {
          name
          email
          message
          sendOn
        }
        giftPackQuantity
        giftWrapQuantity
        deliveryOptionType
        deal {
          title
          url
          image {
            ...DealImage_image
          }
          merchant {
            name
          }
        }
        product {
          title
        }
      }
    `,
    lineKey,
  );
  const id = useId();
  const title = line.deal?.title ?? line.title;
  const option = line.product?.title ?? null;
  const canLower = line.quantity > Math.max(1, line.minQuantity);
  const canRaise = line.quantity < line.maxQuantity;
  const errorId = `${fieldId(`line-${line.productId}`)}-error`;
  return (
    <li className={`basket-line${line.soldOut ? ' basket-line--soldout' : ''}`} aria-labelledby={`${id}-title`}>
      {line.deal?.image ? <DealImage image={line.deal.image} className="basket-line__image" sizes={IMAGE_SIZES.basket} alt="" lazy /> : <div className="basket-line__image" aria-hidden="true" />}
      <div className="basket-line__body">
        <h3 id={`${id}-title`} className="basket-line__title">
          {line.deal?.url ? <Link to={line.deal.url}>{title}</Link> : title}
        </h3>
        {line.deal?.merchant ? <p className="basket-line__merchant">{line.deal.merchant.name}</p> : null}
        {option ? <p className="basket-line__option">{option}</p> : null}
        <p className="basket-line__price">
          {line.unitPrice.formatted} each{line.payDeposit ? ' (deposit today, the rest to the merchant)' : ''}
          {line.postage && line.postage.amount > 0 ? <> · {line.postage.formatted} postage</> : null}
        </p>
        {line.soldOut ? <p className="basket-line__soldout">Sold out: remove it to carry on.</p> : null}
        <div id={fieldId(`line-${line.productId}`)} tabIndex={-1}>
          {error ? <ErrorMessage id={errorId} messages={[error]} /> : null}
        </div>
        <div className="basket-line__controls">
          <div className="stepper" role="group" aria-label={`Quantity of ${title}`} aria-describedby={error ? errorId : undefined}>
            <button
              type="button"
              className="stepper__button"
              aria-label={`Remove one ${title}`}
              disabled={!canLower}
              aria-disabled={!actions.settled || undefined}
              onClick={() => actions.settled && actions.setQuantity(line.productId, line.quantity - 1)}
            >
              −
            </button>
            <output className="stepper__value" aria-live="polite" aria-label={`Quantity ${line.quantity}`}>
              {line.quantity}
            </output>
            <button
              type="button"
              className="stepper__button"
              aria-label={`Add one more ${title}`}
              disabled={!canRaise}
              aria-disabled={!actions.settled || undefined}
              onClick={() => actions.settled && actions.setQuantity(line.productId, line.quantity + 1)}
            >
              +
            </button>
          </div>
          <button type="button" className="link-button basket-line__remove" aria-disabled={!actions.settled || undefined} onClick={() => actions.settled && actions.remove(line.productId)}>
            Remove<span className="visually-hidden"> {title}</span>
          </button>
          <p className="basket-line__total">
            <span className="visually-hidden">Line total </span>
            {line.total.formatted}
          </p>
        </div>
        {line.minQuantity > 1 ? <p className="form-hint basket-line__hint">At least {line.minQuantity}: this deal is priced per person.</p> : null}
        {!line.soldOut && line.maxQuantity > 0 && line.quantity >= line.maxQuantity ? <p className="form-hint basket-line__hint">That is the most you can buy of this option.</p> : null}
      </div>
      {line.dealId === GIFT_CARD_DEAL_ID ? <GiftCardDelivery line={line} title={title} actions={actions} /> : null}
      {isPostedGiftCard(line.dealId, line.deliveryOptionType) ? null : <LineGifting line={line} title={title} config={giftingConfig} actions={actions} />}
    </li>
  );
}

/**
 * How a gift card goes (issue 18 point 2): an e-gift by email (then its gift options below: the
 * recipient and a send date) or a printed card posted to the delivery address for £1.50. Saved
 * with the button, like the gift options.
 */
function GiftCardDelivery({ line, title, actions }: { line: Line; title: string; actions: LineActions }) {
  const id = useId();
  const current: GiftCardDeliveryOption = isPostedGiftCard(line.dealId, line.deliveryOptionType) ? 'posted' : 'e-gift';
  const [choice, setChoice] = useState<GiftCardDeliveryOption>(current);
  const postage = formatMoney(GIFT_CARD_POSTAGE_PENCE);
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!actions.settled || choice === current) return;
    await actions.setDeliveryOption(line.productId, choice);
  }
  return (
    <form className="gifting gift-card-delivery" noValidate onSubmit={(e) => void onSubmit(e)} aria-label={`How to send ${title}`}>
      <fieldset className="choices">
        <legend className="form-legend gifting__legend">How should we send the gift card?</legend>
        <div className="choices__list">
          <div className="radio">
            <input type="radio" className="radio__input" id={`${id}-egift`} name={`gift-card-delivery-${line.productId}`} value="e-gift" checked={choice === 'e-gift'} onChange={() => setChoice('e-gift')} />
            <label className="radio__label" htmlFor={`${id}-egift`}>
              E-gift by email<span className="gifting__price"> free</span>
            </label>
          </div>
          <div className="radio">
            <input type="radio" className="radio__input" id={`${id}-posted`} name={`gift-card-delivery-${line.productId}`} value="posted" checked={choice === 'posted'} onChange={() => setChoice('posted')} />
            <label className="radio__label" htmlFor={`${id}-posted`}>
              Posted card<span className="gifting__price"> +{postage} postage</span>
            </label>
          </div>
        </div>
      </fieldset>
      <p className="form-hint">
        {current === 'posted'
          ? `A printed card with its code, posted to the delivery address you give at checkout when your order is paid: it arrives within ${GIFT_CARD_POST_WORKING_DAYS} working days.`
          : 'We email the code: to the recipient when you choose "Send it as an e-gift" below (on the day you choose), else to you with your order confirmation.'}
      </p>
      <button type="submit" className="button button--secondary" aria-disabled={!actions.settled || undefined}>
        Save how to send it<span className="visually-hidden"> ({title})</span>
      </button>
    </form>
  );
}

type KnownGifting = 'NONE' | 'E_GIFT' | 'WRAPPED' | 'NEXT_DAY_GIFT_PACK' | 'STANDARD_GIFT_PACK';
const GIFTING_LABEL: Record<KnownGifting, string> = {
  NONE: 'Not a gift',
  E_GIFT: 'Send it as an e-gift',
  WRAPPED: 'Gift wrap',
  NEXT_DAY_GIFT_PACK: 'Gift pack, next-day delivery',
  STANDARD_GIFT_PACK: 'Gift pack, standard delivery',
};
/** A gifting this client does not know (a newer server's) shows as none. */
const knownGifting = (g: GiftingType): KnownGifting => (g in GIFTING_LABEL ? (g as KnownGifting) : 'NONE');

/**
 * Gifting of one line (spec §4): none, an e-gift to a recipient (name, email, message), gift
 * wrap, or a gift pack by next-day or standard delivery. The choice is saved with the button, so
 * moving through the radios with the arrow keys changes nothing until the shopper says so.
 */
function LineGifting({ line, title, config, actions }: { line: Line; title: string; config: GiftingConfig; actions: LineActions }) {
  const id = useId();
  const current = knownGifting(line.gifting);
  const [open, setOpen] = useState(current !== 'NONE');
  const [choice, setChoice] = useState<GiftingType>(current);
  const [name, setName] = useState(line.giftRecipient?.name ?? '');
  const [email, setEmail] = useState(line.giftRecipient?.email ?? '');
  const [message, setMessage] = useState(line.giftRecipient?.message ?? '');
  const [sendOn, setSendOn] = useState(line.giftRecipient?.sendOn ?? '');
  const [errors, setErrors] = useState<{ name?: string; email?: string; sendOn?: string }>({});
  // A gift card is emailed, never posted (issue 18 point 2): no gift wrap or gift pack for it.
  const emailOnly = line.dealId === GIFT_CARD_DEAL_ID;
  const options: Array<{ value: GiftingType; price: string | null }> = [
    { value: 'NONE', price: null },
    { value: 'E_GIFT', price: null },
    ...(emailOnly ? [] : [{ value: 'WRAPPED' as const, price: config.giftWrap.price.formatted }]),
    ...(config.nextDayGiftPack && !emailOnly ? [{ value: 'NEXT_DAY_GIFT_PACK' as const, price: config.nextDayGiftPack.price.formatted }] : []),
    ...(config.standardGiftPack && !emailOnly ? [{ value: 'STANDARD_GIFT_PACK' as const, price: config.standardGiftPack.price.formatted }] : []),
  ];

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!actions.settled) return;
    if (choice === 'E_GIFT') {
      const next: { name?: string; email?: string; sendOn?: string } = {};
      if (!name.trim()) next.name = 'Required field';
      if (email.trim() && !isEmail(email)) next.email = 'Enter a valid email';
      // Issue 18 point 2: a send date only for an emailed e-gift, today to 2 months ahead (the basket service checks it too).
      if (sendOn && !email.trim()) next.sendOn = 'Enter the recipient’s email to choose a send date.';
      else if (sendOn && sendOn !== line.giftRecipient?.sendOn) {
        const problem = giftSendOnProblem(sendOn, new Date());
        if (problem) next.sendOn = problem;
      }
      setErrors(next);
      if (next.name || next.email || next.sendOn) return;
    } else setErrors({});
    const recipient = choice === 'E_GIFT' ? { name: name.trim(), email: email.trim() || null, message: message.trim() || null, sendOn: sendOn || null } : null;
    await actions.setGifting(line.productId, choice, recipient);
  }

  // What the gifting adds to the order (the line's total is the vouchers alone).
  const unit = current === 'WRAPPED' ? config.giftWrap : current === 'NEXT_DAY_GIFT_PACK' ? config.nextDayGiftPack : current === 'STANDARD_GIFT_PACK' ? config.standardGiftPack : null;
  const units = current === 'WRAPPED' ? line.giftWrapQuantity : line.giftPackQuantity;
  const summary =
    current === 'E_GIFT' && line.giftRecipient
      ? `E-gift for ${line.giftRecipient.name}${line.giftRecipient.sendOn && giftSendAfter(line.giftRecipient.sendOn, new Date()) ? `, emailed to them on ${giftSendOnInWords(line.giftRecipient.sendOn)}` : ''}`
      : current === 'NONE'
        ? null
        : `${GIFTING_LABEL[current]}${units > 0 ? ` × ${units}` : ''}${unit && units > 0 ? ` (+${formatMoney(unit.price.amount * units)})` : ''}`;

  return (
    <div className="gifting">
      <button type="button" className="link-button gifting__toggle" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen(!open)}>
        {open ? 'Hide gift options' : 'Is this a gift?'}
        <span className="visually-hidden"> ({title})</span>
      </button>
      {summary ? <p className="gifting__current">{summary}</p> : null}
      <form id={`${id}-panel`} hidden={!open} className="gifting__form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label={`Gift options for ${title}`}>
        <fieldset className="choices">
          <legend className="form-legend gifting__legend">Gift options</legend>
          <div className="choices__list">
            {options.map((o) => (
              <div className="radio" key={o.value}>
                <input
                  type="radio"
                  className="radio__input"
                  id={`${id}-${o.value}`}
                  name={`gifting-${line.productId}`}
                  value={o.value}
                  checked={choice === o.value}
                  onChange={() => setChoice(o.value)}
                />
                <label className="radio__label" htmlFor={`${id}-${o.value}`}>
                  {GIFTING_LABEL[o.value as keyof typeof GIFTING_LABEL]}
                  {o.price ? <span className="gifting__price"> +{o.price}</span> : o.value === 'E_GIFT' ? <span className="gifting__price"> free</span> : null}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
        {choice === 'E_GIFT' ? (
          <div className="gifting__recipient">
            <SmallField id={`${id}-name`} label="Recipient’s name" value={name} onChange={setName} error={errors.name} autoComplete="off" />
            <SmallField id={`${id}-email`} label="Recipient’s email (optional)" hint="We email the voucher to them. Leave it empty to forward it yourself." value={email} onChange={setEmail} error={errors.email} type="email" autoComplete="off" />
            <div className="form-group">
              <label className="form-label" htmlFor={`${id}-message`}>
                Your message (optional)
              </label>
              <textarea id={`${id}-message`} className="input textarea" rows={3} maxLength={500} value={message} onChange={(e) => setMessage(e.target.value)} />
            </div>
            <SendOnField id={`${id}-send-on`} value={sendOn} onChange={setSendOn} error={errors.sendOn} />
          </div>
        ) : null}
        <button type="submit" className="button button--secondary" aria-disabled={!actions.settled || undefined}>
          Save gift options<span className="visually-hidden"> for {title}</span>
        </button>
      </form>
    </div>
  );
}

/**
 * Issue 18 point 2: the day the e-gift email goes out (a London date, today to 2 months ahead);
 * empty: as soon as the order is paid.
 */
function SendOnField({ id, value, onChange, error }: { id: string; value: string; onChange: (value: string) => void; error?: string | undefined }) {
  const now = new Date();
  const latest = latestGiftSendOn(now);
  const described = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <FormGroup id={id} label="Email it to them on (optional)" invalid={Boolean(error)}>
      <div className="form-hint" id={`${id}-hint`}>
        Any day from today to {giftSendOnInWords(latest)}. Leave it empty to email it as soon as you pay.
      </div>
      {error ? <ErrorMessage id={`${id}-error`} messages={[error]} /> : null}
      <input
        id={id}
        className="input"
        type="date"
        min={londonDate(now)}
        max={latest}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormGroup>
  );
}

export function SmallField({
  id,
  label,
  hint,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
  inputMode,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  type?: 'text' | 'email';
  autoComplete?: string;
  inputMode?: 'text' | 'email';
}) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <FormGroup id={id} label={label} invalid={Boolean(error)}>
      {hint ? (
        <div className="form-hint" id={`${id}-hint`}>
          {hint}
        </div>
      ) : null}
      {error ? <ErrorMessage id={`${id}-error`} messages={[error]} /> : null}
      <input
        id={id}
        className="input"
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormGroup>
  );
}
