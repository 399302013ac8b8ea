import type { AuthServiceBase, AuthUser } from '@shared/auth';

export { authErrorCode, authErrorMessage, type AuthUser } from '@shared/auth';

/** What the portal needs from the identity provider. Firebase implements it in the browser; tests inject a fake. */
export interface AuthService extends AuthServiceBase<AuthUser> {
  signUp(email: string, password: string): Promise<AuthUser>;
  /** Re-authenticates with the current password, then sets the new one. */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
}
