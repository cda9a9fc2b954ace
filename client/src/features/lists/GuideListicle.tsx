import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { DealCard } from '../deals/DealCard.tsx';
import { Prose } from './Prose.tsx';
import type { GuideListicle_guide$key } from '../../__generated__/GuideListicle_guide.graphql';

/** A guide's listicle view: numbered picks, each with its heading, write-up and deal. */
export function GuideListicle({ guide }: { guide: GuideListicle_guide$key }) {
  const { listicle } = useFragment(
    graphql`
      fragment GuideListicle_guide on Guide {
        listicle {
          heading
          text
          deal {
            id
            url
            merchant {
              name
            }
            ...DealCard_deal
          }
        }
      }
    `,
    guide,
  );
  if (listicle.length === 0) return null;
  return (
    <ol className="listicle" aria-label="Our picks">
      {listicle.map((item, i) => (
        <li key={item.deal.id} className="listicle__item">
          <div className="listicle__copy">
            <h2 className="listicle__heading">
              <span className="listicle__number" aria-hidden="true">
                {i + 1}
              </span>
              <span>{item.heading}</span>
            </h2>
            <Prose text={item.text} className="listicle__text" />
            <p className="listicle__cta">
              <Link className="button button--secondary" to={item.deal.url}>
                See the deal at {item.deal.merchant.name}
              </Link>
            </p>
          </div>
          <div className="listicle__deal">
            <DealCard deal={item.deal} eager={i < 2} />
          </div>
        </li>
      ))}
    </ol>
  );
}
