/**
 * The identity module's service: the better-auth instance, the mailer, session lookups for a
 * request (memoised per request), and the product answers built from them (`/auth/me`,
 * `/auth/users`, `/auth/config`). Reached from routes and guards as `app.identity`.
 */
import { hash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Database } from '@pigostream/db';
import type { IdentityConfig } from '../../config.ts';
import type { ClusterBus } from '../../lib/cluster-bus.ts';
import type { MailOutbox } from '../mail/index.ts';
import type { IdentityAuth } from './identity.auth.ts';
import { limitKeys, type IdentityLimiter, type RateLimitRefusal } from './identity.rate-limit.ts';
import { toWebHeaders } from './identity.http.ts';
import { listAccounts, upsertProductUser, type ProductUser } from './identity.repository.ts';

/** A signed-in session and its user, as better-auth answers `get-session`. */
export type SessionData = IdentityAuth['$Infer']['Session'];

/** The signed-in user of DATA-1 in docs/requirements.md (`GET /pigo-stream/auth/me`). */
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

/**
 * How long a verified session is reused without asking the database again, in ms (SEC-3, PERF-7:
 * a session lookup costs about what a catalogue answer costs). Kept under 5 s: a sign-out or
 * password change on another server sharing the database takes effect here within that.
 */
export const SESSION_CACHE_TTL_MS = 4_000;
/** Sessions kept in the cache at most. */
const SESSION_CACHE_ENTRIES = 20_000;

/**
 * The cache key of a request's cookies: a hash, so no session token is kept as a key and a long
 * header costs the cache no more than a short one (one-shot `crypto.hash`, no Hash object).
 */
function cookieKey(cookie: string): string {
  return hash('sha256', cookie, 'base64url');
}

/** A lookup kept for some cookies: pending, or settled with its session and its expiry. */
interface KeptLookup {
  lookup: Promise<SessionData | null>;
  /** The session, once the lookup found one. */
  data?: SessionData;
  /** When the session expires, in ms since the epoch (once found). */
  expiresAt?: number;
}

/** One per app; built by identity.plugin.ts and decorated onto the app as `identity`. */
export class IdentityService {
  private readonly sessions = new WeakMap<FastifyRequest, Promise<SessionData | null>>();
  /**
   * Lookups by the hash of the request's `Cookie` header: the answer better-auth gave for
   * exactly those cookies (a pending lookup is shared). Only sessions are kept, never "none".
   */
  private readonly verified = new LRUCache<string, KeptLookup>({
    max: SESSION_CACHE_ENTRIES,
    ttl: SESSION_CACHE_TTL_MS,
  });

  private secureAuth: IdentityAuth | undefined;
  private limiter: IdentityLimiter | undefined;

  /**
   * @param auth the better-auth instance for plain http requests (cookies without `Secure`).
   * @param makeSecureAuth builds, on the first request over https, the instance whose cookies
   *   are `Secure` (ADDR-5 of docs/addresses.md).
   */
  constructor(
    private readonly auth: IdentityAuth,
    private readonly makeSecureAuth: () => IdentityAuth,
    readonly mail: MailOutbox,
    private readonly db: Database,
    private readonly config: IdentityConfig,
    private readonly bus: ClusterBus,
  ) {
    bus.subscribe((message) => {
      if (message.kind === 'sessions') this.verified.clear();
    });
  }

  /**
   * The better-auth instance that answers `req`: cookies are `Secure` (and named
   * `__Secure-pigostream...`) when the request came over https (`X-Forwarded-Proto` counts with
   * TRUST_PROXY), plain over http, so a session works at every trusted origin.
   */
  authFor(req: FastifyRequest): IdentityAuth {
    if (req.protocol !== 'https') return this.auth;
    this.secureAuth ??= this.makeSecureAuth();
    return this.secureAuth;
  }

  /** Gives the service the identity calls' attempt limiter (identity.proxy.ts builds it). */
  useLimiter(limiter: IdentityLimiter): void {
    this.limiter = limiter;
  }

  /**
   * Counts one attempt at a secret other than the identity calls' own, with the same limiter
   * and counters (PROFILE-8: a profile's PIN is limited like sign-in, per IP and per account;
   * STREMIO-8: a wrong addon token, per IP).
   * @param call a key of IDENTITY_LIMITS (identity.rate-limit.ts): 'profile-pin', 'stremio-token'.
   * @param userId the account a per-account limit counts for; undefined for a per-IP one.
   * @returns null to go ahead, or the 429 refusal with its wait in seconds.
   * @throws when the counters' store fails, or before the identity routes are registered.
   */
  async countAttempt(
    req: FastifyRequest,
    call: string,
    userId: string | undefined,
  ): Promise<RateLimitRefusal | null> {
    const keys = limitKeys(call, req.ip, undefined, userId);
    if (!keys || !this.limiter) throw new Error(`no attempt limit for ${call}`);
    return this.limiter.hit(req, keys);
  }

  /**
   * The session the request's cookie names, or null when there is none (or it expired).
   * Looked up once per request, and through better-auth (signature, database) at most once per
   * {@link SESSION_CACHE_TTL_MS} for the same cookies; {@link forgetSessions} drops what is kept.
   * @throws when the database fails.
   */
  sessionOf(req: FastifyRequest): Promise<SessionData | null> {
    let found = this.sessions.get(req);
    if (!found) {
      const cookie = req.headers.cookie;
      const key = cookie ? cookieKey(cookie) : undefined;
      const kept = key === undefined ? undefined : this.verified.get(key);
      // A session found and unexpired: answered with no lookup and no await (PERF-7).
      found =
        kept?.data && (kept.expiresAt ?? 0) > Date.now()
          ? Promise.resolve(kept.data)
          : this.lookUp(req, key, kept);
      this.sessions.set(req, found);
    }
    return found;
  }

  /**
   * Forgets every kept session lookup: called after an identity call that may end or change a
   * session (sign-out, password change or reset, revocation, profile or e-mail change), so
   * this server refuses an ended session at once, and every other one as soon as the cluster
   * bus reaches it (Redis pub/sub; within {@link SESSION_CACHE_TTL_MS} without Redis).
   */
  forgetSessions(): void {
    this.bus.publish({ kind: 'sessions' });
  }

  /**
   * Looks the session of `req`'s cookies (cache key `key`) up: through the pending lookup `kept`
   * for the same cookies, else through better-auth, kept for the next requests when it finds one.
   */
  private async lookUp(
    req: FastifyRequest,
    key: string | undefined,
    kept: KeptLookup | undefined,
  ): Promise<SessionData | null> {
    if (key === undefined) return null;
    if (kept && !kept.data) {
      const data = await kept.lookup;
      if (data && new Date(data.session.expiresAt).getTime() > Date.now()) return data;
    }
    const entry: KeptLookup = {
      lookup: this.authFor(req).api.getSession({ headers: toWebHeaders(req.headers) }),
    };
    this.verified.set(key, entry);
    try {
      const data = await entry.lookup;
      if (data) {
        entry.data = data;
        entry.expiresAt = new Date(data.session.expiresAt).getTime();
      } else if (this.verified.get(key) === entry) {
        this.verified.delete(key);
      }
      return data;
    } catch (error) {
      if (this.verified.get(key) === entry) this.verified.delete(key);
      throw error;
    }
  }

  /** DATA-1's signed-in user for a session, with its sign-in methods. */
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
