import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { formatDate } from '../../lib/text.ts';
import { Breadcrumbs } from '../../ui/Breadcrumbs.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import type { StaticPageView_page$key } from '../../__generated__/StaticPageView_page.graphql';
import './static-page.css';

/**
 * A static page (terms, privacy, wallet, about us, …): a table of contents linking to each
 * section's anchor, then the sections as plain text. The copy comes as structured text, never
 * HTML, so nothing here is rendered as markup.
 */
export function StaticPageView({ page }: { page: StaticPageView_page$key }) {
  const data = useFragment(fragment, page);
  const withContents = data.sections.length > 2;
  return (
    <div className="container static-page">
      <Breadcrumbs items={[{ label: 'Home', href: '/' }, { label: data.title }]} />
      <div className={withContents ? 'static-page__layout' : 'static-page__layout static-page__layout--single'}>
        <header className="static-page__header">
          <PageHeading className="static-page__title">{data.title}</PageHeading>
          <p className="static-page__lead">{data.description}</p>
          <p className="static-page__updated">
            Last updated <time dateTime={data.updatedOn}>{formatDate(data.updatedOn)}</time>
          </p>
        </header>
        {withContents ? (
          <nav className="static-page__toc" aria-labelledby="static-page-toc">
            <h2 id="static-page-toc">On this page</h2>
            <ol>
              {data.sections.map((s) => (
                <li key={s.anchor}>
                  <a href={`#${s.anchor}`}>{s.heading}</a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <article className="static-page__body">
          {data.sections.map((s) => (
            <section key={s.anchor} id={s.anchor} className="static-page__section" aria-labelledby={`${s.anchor}-heading`}>
              <h2 id={`${s.anchor}-heading`}>{s.heading}</h2>
              {s.paragraphs.map((p, i) => (
                <p key={i}>{p}</p>
              ))}
              {s.items.length > 0 ? (
                <ul className="static-page__list">
                  {s.items.map((item, i) => (
                    <li key={i}>{item}</li>
                  ))}
                </ul>
              ) : null}
              {s.links.length > 0 ? (
                <ul className="static-page__links" aria-label={`Related to ${s.heading}`}>
                  {s.links.map((l) => (
                    <li key={l.href}>
                      <Link to={l.href}>{l.label}</Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}

const fragment = graphql`
  fragment StaticPageView_page on StaticPage {
    title
    description
    updatedOn
    # anchor: the section's id attribute, the target of /page/e-commerceterms#vip
    sections {
      anchor
      heading
      paragraphs
      items
      links {
        label
        href
      }
    }
  }
`;
