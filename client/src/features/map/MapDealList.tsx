import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import type { MapDealList_result$key } from '../../__generated__/MapDealList_result.graphql';

/**
 * The list beside the map (a carousel under it on mobile): the accessible equivalent of the pins,
 * the same deals in the same order (nearest the centre of the view first), each a link to its
 * deal page and a button that shows it on the map.
 */
export function MapDealList({ result, onShow }: { result: MapDealList_result$key; onShow: (dealId: number, lat: number, lon: number) => void }) {
  const data = useFragment(
    graphql`
      fragment MapDealList_result on MapDeals {
        deals {
          id
          dealId
          title
          url
          merchantName
          category
          lat
          lon
          discountPercentage
          vipExclusive
          imageUrl
          imageAlt
          price {
            formatted
          }
        }
      }
    `,
    result,
  );
  return (
    <ol className="map-list" aria-label="Deals on the map">
      {data.deals.map((d) => (
        <li key={d.id} className="map-list__item">
          <img className="map-list__image" src={d.imageUrl} alt={d.imageAlt} width={96} height={64} loading="lazy" />
          <div className="map-list__text">
            <Link className="map-list__title" to={d.url}>
              {d.title}
            </Link>
            <p className="map-list__meta">
              {d.merchantName} · {d.category}
            </p>
            <p className="map-list__price">
              <strong>{d.price.formatted}</strong>
              {d.discountPercentage > 0 ? <span className="map-list__saving"> save {d.discountPercentage}%</span> : null}
              {d.vipExclusive ? <span className="map-list__vip"> VIP</span> : null}
            </p>
            <button type="button" className="map-list__show" onClick={() => onShow(d.dealId, d.lat, d.lon)}>
              Show on map<span className="visually-hidden">: {d.title}</span>
            </button>
          </div>
        </li>
      ))}
    </ol>
  );
}
