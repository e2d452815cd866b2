/**
 * The identity module's service: the better-auth instance, the mailer, session lookups for a
 * request (memoised per request), and the product answers built from them (`/auth/me`,
 * `/auth/users`, `/auth/config`). Reached from routes and guards as `app.identity`.
 */
import type { FastifyRequest } from 'fastify';
import type { Database } from '@pigostream/db';
import type { IdentityConfig } from '../../config.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { IdentityAuth } from './identity.auth.ts';
import { toWebHeaders } from './identity.http.ts';
import { listAccounts, upsertProductUser, type ProductUser } from './identity.repository.ts';

/** A signed-in session and its user, as better-auth answers `get-session`. */
export type SessionData = IdentityAuth['$Infer']['Session'];

/** The signed-in user of spec section 3 (`GET /pigo-stream/auth/me`). */
export interface SignedInUser {
  uid: string;
  displayName: string;
  email: string;
  emailVerified: boolean;
  photoURL: string | null;
  phoneNumber: string | null;
  /** One entry per sign-in method: providerId 'credential' (e-mail and password) or 'google'. */
  providerData: { providerId: string; uid: string; email: string; displayName: string }[];
  /** When the user was created, ISO 8601. */
  creationTime: string;
  /** When the current session was created, ISO 8601. */
  lastSignInTime: string;
}

/** Public identity settings the sign-in screen needs (`GET /pigo-stream/auth/config`). */
export interface IdentityPublicConfig {
  google: boolean;
  passwordMinLength: number;
  allowedEmailDomains: string[];
}

/** One per app; built by identity.plugin.ts and decorated onto the app as `identity`. */
export class IdentityService {
  private readonly sessions = new WeakMap<FastifyRequest, Promise<SessionData | null>>();

  constructor(
    readonly auth: IdentityAuth,
    readonly mailer: Mailer,
    private readonly db: Database,
    private readonly config: IdentityConfig,
  ) {}

  /**
   * The session the request's cookie names, or null when there is none (or it expired).
   * Looked up once per request.
   * @throws when the database fails.
   */
  sessionOf(req: FastifyRequest): Promise<SessionData | null> {
    let found = this.sessions.get(req);
    if (!found) {
      found = this.auth.api.getSession({ headers: toWebHeaders(req.headers) });
      this.sessions.set(req, found);
    }
    return found;
  }

  /** Spec section 3's signed-in user for a session, with its sign-in methods. */
  async describe(data: SessionData): Promise<SignedInUser> {
    const { user, session } = data;
    const accounts = await listAccounts(this.db, user.id);
    return {
      uid: user.id,
      displayName: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      photoURL: user.image ?? null,
      phoneNumber: null,
      providerData: accounts.map((a) => ({
        providerId: a.providerId,
        uid: a.accountId,
        email: user.email,
        displayName: user.name,
      })),
      creationTime: user.createdAt.toISOString(),
      lastSignInTime: session.createdAt.toISOString(),
    };
  }

  /** Records or refreshes the product's row for a verified user. */
  recordUser(user: ProductUser): Promise<ProductUser> {
    return upsertProductUser(this.db, user);
  }

  /** What the sign-in screen may know: whether Google is on, the password and domain rules. */
  publicConfig(): IdentityPublicConfig {
    return {
      google: this.config.google !== undefined,
      passwordMinLength: this.config.passwordMinLength,
      allowedEmailDomains: [...this.config.allowedEmailDomains],
    };
  }
}
