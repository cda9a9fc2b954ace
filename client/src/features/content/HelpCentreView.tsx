import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { filterHelp, type HelpCentre } from '@shop/domain/help-centre';
import { Breadcrumbs } from '../../ui/Breadcrumbs.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import './static-page.css';
import './help-centre.css';

const countWords = (n: number) => `${n} question${n === 1 ? '' : 's'}`;

/**
 * A help centre (/faqs, /merchantfaqs; issue 19 point 7): a search box that filters the questions
 * as you type (the count said in a polite live region, a message when nothing matches), then the
 * sections, each question a <details> disclosure whose id is its anchor: /faqs#refund-how opens
 * that answer and scrolls to it. The copy is typed content from domain (help-centre.ts).
 */
export function HelpCentreView({ centre, other }: { centre: HelpCentre; other: { label: string; href: string } }) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const { hash } = useLocation();
  const sections = filterHelp(centre.sections, query);
  const total = sections.reduce((n, s) => n + s.questions.length, 0);
  const trimmed = query.trim();

  // The page is rendered by the client: open and show the answer the url's anchor names once it exists.
  useEffect(() => {
    if (!hash) return;
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      return;
    }
    const target = document.getElementById(id);
    if (target instanceof HTMLDetailsElement) target.open = true;
    target?.scrollIntoView();
  }, [hash]);

  return (
    <div className="container static-page help-centre">
      <Breadcrumbs items={[{ label: 'Home', href: '/' }, { label: centre.title }]} />
      <div className="static-page__layout static-page__layout--single">
        <header className="static-page__header">
          <PageHeading className="static-page__title">{centre.title}</PageHeading>
          <p className="static-page__lead">{centre.description}</p>
        </header>
        <div className="static-page__body">
          <div role="search" aria-label={centre.title} className="help-centre__search">
            <label className="form-label" htmlFor={searchId}>
              Search the questions
            </label>
            <input id={searchId} className="input" type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" spellCheck={false} />
            <p role="status" aria-live="polite" className="help-centre__count">
              {trimmed ? `${countWords(total)} match “${trimmed}”` : countWords(total)}
            </p>
          </div>
          {total === 0 ? (
            <div className="help-centre__empty">
              <h2>No questions match “{trimmed}”</h2>
              <p>Try fewer or other words, or clear the search to see every question.</p>
              <button type="button" className="button button--secondary" onClick={() => setQuery('')}>
                Clear the search
              </button>
            </div>
          ) : (
            sections.map((section) => (
              <section key={section.id} className="static-page__section help-centre__section" aria-labelledby={`${section.id}-heading`}>
                <h2 id={`${section.id}-heading`}>{section.heading}</h2>
                {section.questions.map((q) => (
                  <details key={q.id} id={q.id} className="help-centre__question">
                    <summary>{q.question}</summary>
                    <div className="help-centre__answer">
                      {q.answer.map((p, i) => (
                        <p key={i}>{p}</p>
                      ))}
                      {q.links?.length ? (
                        <ul className="static-page__links" aria-label={`Related to: ${q.question}`}>
                          {q.links.map((l) => (
                            <li key={l.href}>
                              <Link to={l.href}>{l.label}</Link>
                            </li>
                          ))}
                        </ul>
                      ) : null}
                      <p className="help-centre__permalink">
                        <a href={`#${q.id}`}>
                          Link to this answer<span className="visually-hidden">: {q.question}</span>
                        </a>
                      </p>
                    </div>
                  </details>
                ))}
              </section>
            ))
          )}
          <p className="help-centre__other">
            <Link to={other.href}>{other.label}</Link>
          </p>
        </div>
      </div>
    </div>
  );
}
