import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { TokenSignInLink } from '../../features/accounts/TokenSignInLink.tsx';

/** /login/link?token= (the "Email me a sign-in link" email's link): signs the shopper in and sends them on. */
export const Component = () => <TokenSignInLink kind="sign-in-link" />;
export const ErrorBoundary = RouteErrorBoundary;
