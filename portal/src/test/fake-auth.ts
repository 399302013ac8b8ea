import type { AuthService, AuthUser, PendingLink, SignInProviderId } from '../auth/auth-service';

/** An in-memory AuthService for component tests: no emulator, scripted outcomes, recorded calls. */
export class FakeAuthService implements AuthService {
  user: AuthUser | null;
  resolved: boolean;
  private listeners = new Set<(u: AuthUser | null) => void>();
  calls: string[] = [];
  signInResult: (email: string, password: string) => Promise<AuthUser> = async (email) => ({ uid: 'uid-1', email, emailVerified: true });
  signUpResult: (email: string, password: string) => Promise<AuthUser> = async (email) => ({ uid: 'uid-new', email, emailVerified: false });
  verificationResult: () => Promise<void> = async () => undefined;
  resetResult: (email: string) => Promise<void> = async () => undefined;
  signOutResult: () => Promise<void> = async () => undefined;

  constructor(user: AuthUser | null = null, opts: { resolved?: boolean } = {}) {
    this.user = user;
    this.resolved = opts.resolved ?? true;
  }

  set(user: AuthUser | null) {
    this.user = user;
    this.resolved = true;
    for (const l of this.listeners) l(user);
  }

  subscribe(listener: (user: AuthUser | null) => void) {
    this.listeners.add(listener);
    if (this.resolved) queueMicrotask(() => listener(this.user));
    return () => void this.listeners.delete(listener);
  }
  async signIn(email: string, password: string) {
    this.calls.push(`signIn:${email}`);
    const user = await this.signInResult(email, password);
    this.set(user);
    return user;
  }
  /** What a provider sign-in does (default: signs in a verified user with that provider's address). */
  providerResult: (providerId: SignInProviderId) => Promise<AuthUser | null> = async (providerId) => ({
    uid: `uid-${providerId}`,
    email: 'pat@gmail.example',
    emailVerified: true,
  });
  pending: PendingLink | null = null;
  async signInWithProvider(providerId: SignInProviderId) {
    this.calls.push(`provider:${providerId}`);
    const user = await this.providerResult(providerId);
    if (user) this.set(user);
    return user;
  }
  pendingLink() {
    return this.pending;
  }
  cancelPendingLink() {
    this.pending = null;
  }
  redirectOutcome: () => Promise<AuthUser | null> = async () => null;
  redirectResult() {
    return this.redirectOutcome();
  }
  async signUp(email: string, password: string) {
    this.calls.push(`signUp:${email}`);
    const user = await this.signUpResult(email, password);
    this.set(user);
    return user;
  }
  async sendVerification() {
    this.calls.push('sendVerification');
    await this.verificationResult();
  }
  async sendPasswordReset(email: string) {
    this.calls.push(`reset:${email}`);
    await this.resetResult(email);
  }
  async signOut() {
    this.calls.push('signOut');
    await this.signOutResult();
    this.set(null);
  }
  async reload() {
    this.calls.push('reload');
    return this.user;
  }
  changePasswordResult: (current: string, next: string) => Promise<void> = async () => undefined;
  async changePassword(current: string, next: string) {
    this.calls.push('changePassword');
    await this.changePasswordResult(current, next);
  }
  /** How many times a token was force-refreshed; the token names it after the first ('token-uid-1-r1'). */
  refreshes = 0;
  refreshResult: () => Promise<void> = async () => undefined;
  async getToken(forceRefresh = false) {
    if (forceRefresh && this.user) {
      this.calls.push('refreshToken');
      await this.refreshResult();
      this.refreshes += 1;
    }
    if (!this.user) return null;
    return this.refreshes ? `token-${this.user.uid}-r${this.refreshes}` : `token-${this.user.uid}`;
  }
}

export const VERIFIED: AuthUser = { uid: 'uid-1', email: 'pat@example.com', emailVerified: true };
