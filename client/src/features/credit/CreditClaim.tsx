/**
 * Credit claims on any page (spec §2 credit_validation, §4 credit claim, §5, §8 credit toasts):
 *
 * - `?credit_validation=<digits>` is taken out of the address (replace, other parameters and the
 *   history state kept); anything but digits is ignored (spec §5): no claim, the address unchanged.
 * - The code waits in session storage until the auth check has answered. Signed in, it is claimed
 *   once (the storage is cleared and a module-level guard holds the code before the request, so
 *   StrictMode's double effects and re-renders never post it twice; the wallet credits once per
 *   shopper and campaign anyway). Signed out, it stays stored and the login prompt toast shows;
 *   once the shopper signs in (here or after the login page), the claim runs and its toast shows.
 * - The answer's toast is spec §8's, word for word (domain creditToast); a failed request is the
 *   "Unable to process credit" toast.
 * - Refused by the guessing limits (too many links that gave nothing): the "Too many offer links
 *   tried" toast (not in the spec's words; domain CREDIT_CLAIM_TOO_MANY_MESSAGE).
 */
import { useEffect, type ReactNode } from 'react';
import { useMutation } from 'react-relay';
import { graphql } from 'relay-runtime';
import { Link, useLocation, useNavigate } from 'react-router';
import { CREDIT_CLAIM_STATUSES, CREDIT_CLAIM_STORAGE_KEY, CREDIT_TERMS_PATH, CREDIT_VALIDATION_PARAM, creditToast, creditValidationCode, type CreditClaimOutcome, type CreditClaimStatus } from '@shop/domain/credit-claims';
import { LOGIN_PATH } from '@shop/domain/layouts';
import { useAuthState } from '../accounts/auth.ts';
import { commitAsync } from '../../relay/commit.ts';
import { reportClientError } from '../../errors/report.ts';
import { dismissToastByKey, showToast } from '../shell/toasts.ts';
import type { CreditClaimMutation } from '../../__generated__/CreditClaimMutation.graphql';

const TOAST_KEY = 'credit-claim';

/** A status this client does not know yet reads as "no longer valid". */
const statusOf = (status: string): CreditClaimStatus => (CREDIT_CLAIM_STATUSES as readonly string[]).includes(status) ? (status as CreditClaimStatus) : 'NOT_FOUND';

function readPending(): string | null {
  try {
    return creditValidationCode(window.sessionStorage.getItem(CREDIT_CLAIM_STORAGE_KEY));
  } catch {
    return null;
  }
}

function writePending(code: string | null): void {
  try {
    if (code === null) window.sessionStorage.removeItem(CREDIT_CLAIM_STORAGE_KEY);
    else window.sessionStorage.setItem(CREDIT_CLAIM_STORAGE_KEY, code);
  } catch {
    // Storage refused (private mode): the claim still runs for a signed-in shopper this visit.
  }
}

/** Codes being claimed right now, and the code the login prompt was last shown for (per page load). */
const claiming = new Set<string>();
let promptedFor: string | null = null;
/** Kept in memory too, for browsers that refuse session storage. */
let pendingInMemory: string | null = null;

function toastContent(outcome: CreditClaimOutcome, returnPath: string): ReactNode {
  const toast = creditToast(outcome);
  const terms = toast.terms ? (
    <>
      {' '}
      <Link to={CREDIT_TERMS_PATH}>See T&amp;Cs</Link>.
    </>
  ) : null;
  if (toast.login) {
    // "Please log in to claim your credit." with "log in" the link to the login page, back here after.
    const [before, after] = toast.text.split('log in');
    return (
      <>
        {before}
        <Link to={`${LOGIN_PATH}?${new URLSearchParams({ redirect: returnPath })}`}>log in</Link>
        {after}
        {terms}
      </>
    );
  }
  return (
    <>
      {toast.text}
      {terms}
    </>
  );
}

function show(outcome: CreditClaimOutcome, returnPath: string): void {
  showToast({ key: TOAST_KEY, tone: creditToast(outcome).tone, content: toastContent(outcome, returnPath) });
}

/** Watches every page for a credit link (rendered once by the root layout); renders nothing. */
export function CreditClaim() {
  const location = useLocation();
  const navigate = useNavigate();
  const auth = useAuthState();
  const [commit] = useMutation<CreditClaimMutation>(graphql`
    mutation CreditClaimMutation($input: ClaimCreditInput!) {
      claimCredit(input: $input) {
        __typename
        ... on CreditClaim {
          status
          creditAmount {
            amount
            currency
          }
        }
        ... on UnauthenticatedError {
          code
        }
        ... on RateLimitedError {
          code
        }
      }
    }
  `);

  // 1. A digits-only code is kept for the claim and the parameter leaves the address (anything
  //    else is ignored, spec §5: left as it is).
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const code = creditValidationCode(params.get(CREDIT_VALIDATION_PARAM));
    if (code === null) return;
    params.delete(CREDIT_VALIDATION_PARAM);
    writePending(code);
    pendingInMemory = code;
    // A new link asks again, even for the code prompted for before.
    promptedFor = null;
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, state: location.state, preventScrollReset: true });
  }, [location.pathname, location.search, location.hash, location.state, navigate]);

  // 2. Once the auth check has answered: claim (signed in) or ask to log in (signed out).
  //    It looks again after every change of address (the parameter gone) and of the auth state.
  useEffect(() => {
    if (!auth.finished) return;
    // Effect 1 has not finished taking the parameter out yet: look again once it has.
    if (creditValidationCode(new URLSearchParams(location.search).get(CREDIT_VALIDATION_PARAM)) !== null) return;
    const code = readPending() ?? pendingInMemory;
    if (code === null || claiming.has(code)) return;
    const returnPath = `${location.pathname}${location.search}`;
    if (!auth.authenticated) {
      if (promptedFor !== code) {
        promptedFor = code;
        show({ kind: 'logged-out' }, returnPath);
      }
      return;
    }
    claiming.add(code);
    writePending(null);
    pendingInMemory = null;
    dismissToastByKey(TOAST_KEY);
    commitAsync(commit, { variables: { input: { id: code } } })
      .then((response) => {
        const result = response.claimCredit;
        if (result.__typename === 'CreditClaim') {
          const amount = result.creditAmount;
          show({ kind: 'answered', status: statusOf(result.status), creditAmount: amount?.amount ?? null, currency: amount?.currency === 'EUR' ? 'EUR' : amount ? 'GBP' : null }, returnPath);
        } else if (result.__typename === 'UnauthenticatedError') {
          // The session ended meanwhile: the code waits for the next sign-in.
          writePending(code);
          pendingInMemory = code;
          promptedFor = code;
          show({ kind: 'logged-out' }, returnPath);
        } else if (result.__typename === 'RateLimitedError') {
          // Too many offer links that gave nothing: refused unseen; the code is dropped (a later link asks again).
          show({ kind: 'too-many' }, returnPath);
        } else {
          show({ kind: 'answered', status: 'NOT_FOUND', creditAmount: null, currency: null }, returnPath);
        }
      })
      .catch((error: unknown) => {
        reportClientError(error);
        show({ kind: 'failed' }, returnPath);
      })
      .finally(() => claiming.delete(code));
  }, [auth.finished, auth.authenticated, location.pathname, location.search, commit]);

  return null;
}
