import type { ReactNode } from 'react';
import { NOINDEX_ROBOTS } from '@shop/domain';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Seo } from '../../ui/Seo.tsx';
import './accounts.css';
import { errorTitle } from '../../ui/form-errors.ts';

/**
 * One page of the account area: its head (kept out of search results; "Error: " while its form
 * shows errors), the error summary above the heading (GOV.UK), the heading and an optional lede.
 */
export function AccountPage({ title, heading = title, lede, hasErrors = false, summary, children }: { title: string; heading?: ReactNode; lede?: ReactNode; hasErrors?: boolean; summary?: ReactNode; children: ReactNode }) {
  return (
    <div className="account-page">
      <Seo title={errorTitle(title, hasErrors)} description="Your Thistle Deals account." robots={NOINDEX_ROBOTS} />
      {summary}
      <PageHeading className="account-page__title">{heading}</PageHeading>
      {lede ? <p className="account-page__lede">{lede}</p> : null}
      {children}
    </div>
  );
}
