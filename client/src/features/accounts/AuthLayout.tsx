import type { ReactNode } from 'react';
import { NOINDEX_ROBOTS } from '@shop/domain';
import { Main } from '../../ui/Main.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Seo } from '../../ui/Seo.tsx';
import './accounts.css';
import { errorTitle } from '../../ui/form-errors.ts';

/**
 * The frame of the sign-in pages (spec §2 login layout: the reduced header comes from the root
 * layout): one card, the heading, an optional lede; kept out of search results. `errorTitle`
 * prefixes the title with "Error: " while the form shows errors (GOV.UK).
 */
export function AuthLayout({
  title,
  heading = title,
  lede,
  description,
  hasErrors = false,
  summary,
  children,
  aside,
}: {
  title: string;
  heading?: ReactNode;
  lede?: ReactNode;
  description: string;
  hasErrors?: boolean;
  /** The error summary: above the heading (GOV.UK). */
  summary?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <Main>
      <Seo title={errorTitle(title, hasErrors)} description={description} robots={NOINDEX_ROBOTS} />
      <div className={`container auth-layout${aside ? '' : ' auth-layout--single'}`}>
        <div className="auth-card">
          {summary}
          <PageHeading className="auth-card__title">{heading}</PageHeading>
          {lede ? <p className="auth-card__lede">{lede}</p> : null}
          {children}
        </div>
        {aside ? <div className="auth-aside">{aside}</div> : null}
      </div>
    </Main>
  );
}

/** The trust notes beside the sign-in forms. */
export function AuthAside() {
  return (
    <ul className="auth-aside__list">
      <li>
        <strong>Your vouchers in one place.</strong> See what you’ve bought, when it expires and how to redeem it.
      </li>
      <li>
        <strong>Quicker checkout.</strong> Your details are ready when you next treat yourself.
      </li>
      <li>
        <strong>Your data, your call.</strong> We never sell your details, and you can delete your account at any time.
      </li>
    </ul>
  );
}
