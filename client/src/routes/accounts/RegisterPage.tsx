import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { AuthForm, loadAuthForm } from '../../features/accounts/AuthForm.tsx';

/** /register (spec §2 login layout): names, email, password, and deal emails if wanted (features/accounts/AuthForm.tsx). */
export const loader = () => loadAuthForm('register');
export const Component = () => <AuthForm mode="register" />;
export const ErrorBoundary = RouteErrorBoundary;
