import { Link } from 'react-router';
import { BUYING_MESSAGES } from '@shop/domain/buying';

/** An empty basket (or a checkout that cannot be read): `message` says which, then the way back to the deals. */
export function EmptyBasket({ message = BUYING_MESSAGES.basketEmpty }: { message?: string }) {
  return (
    <div className="checkout-empty">
      <p className="checkout-empty__text">{message}</p>
      <p>Find something you’ll love and it will wait for you here.</p>
      <p>
        <Link className="button button--primary" to="/deals/glasgow">
          Browse deals
        </Link>
      </p>
    </div>
  );
}
