import type { AuthServiceBase, AuthUser } from '@shared/auth';

export { authErrorMessage, type AuthUser } from '@shared/auth';

/** Sign-in inside the widget; Firebase Auth's REST API in production (rest-auth.ts), a fake in component tests. */
export interface AuthService extends AuthServiceBase {
  /** Calls back now-ish with the current user (null when signed out), then on every change. */
  subscribe(listener: (user: AuthUser | null) => void): () => void;
}
