import type { AuthServiceBase, AuthUser } from '@shared/auth';

export { authErrorMessage, type AuthUser } from '@shared/auth';

/** Sign-in inside the widget (what signing in returns goes unused); Firebase Auth's REST API in production (@shared/auth-rest), a fake in component tests. */
export interface AuthService extends AuthServiceBase<unknown> {
  /** Calls back now-ish with the current user (null when signed out), then on every change. */
  subscribe(listener: (user: AuthUser | null) => void): () => void;
}
