import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { EmailLinkRequest } from '../../features/accounts/EmailLinkRequest.tsx';

/** /login/email-link: "Email me a sign-in link", the way in without the password; the emailed link opens /login/link. */
export const Component = () => <EmailLinkRequest kind="sign-in-link" />;
export const ErrorBoundary = RouteErrorBoundary;
