/** Who is calling, as proven by a verified Firebase ID token. */
export interface Identity {
  uid: string;
  email: string;
  emailVerified: boolean;
  /** From the `admin` custom claim (ADMIN_EMAILS is applied on top by the server). */
  adminClaim: boolean;
  /** When the token stops being valid (its `exp`, ms since the epoch), where the verifier knows it. */
  expiresAt?: number;
  /** When the token was issued (its `iat`, ms since the epoch), where the verifier knows it. */
  issuedAt?: number;
}

export interface IdentityVerifier {
  /** Resolves the identity, or rejects when the token is missing its signature, expired or malformed. */
  verify(idToken: string): Promise<Identity>;
  /** Whether the identity service can be reached (health check). */
  ping(): Promise<void>;
  /** Delete the sign-in account (account deletion); an account already gone counts as deleted. Absent in verify-only fakes. */
  deleteAccount?(uid: string): Promise<void>;
}
