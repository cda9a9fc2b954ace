import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { ChoosePassword } from '../../features/accounts/ChoosePassword.tsx';

/** /activate-account?token= (the express account email's link): the first password; no sign-in after. */
export const Component = () => <ChoosePassword mode="activate" />;
export const ErrorBoundary = RouteErrorBoundary;
