/**
 * Addon tokens (STREMIO-1, STREMIO-8 in docs/requirements.md): 32 random bytes in base64url (256
 * bits, 43 characters), of which only the SHA-256 is stored. A profile holds at most
 * {@link MAX_STREMIO_TOKENS}; the token is answered once, when made. The addon finds a token by
 * its hash (one indexed query, nothing kept in memory) and compares the stored hash in constant
 * time; a wrong token, however spelled, counts against the sign-in limits per IP.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ADDON_NOT_FOUND,
  MAX_STREMIO_TOKENS,
  STREMIO_TOKEN_NOT_FOUND,
  TOO_MANY_STREMIO_TOKENS,
  type RatingCeiling,
  type StremioToken,
} from '@pigostream/contracts';
import type { Database } from '@pigostream/db';
import { AttemptsLimitedError, DomainError } from '../../lib/domain-error.ts';
import {
  deleteToken,
  findTokenProfile,
  insertToken,
  listTokens,
  type TokenRow,
} from './stremio.repository.ts';

/** What a token is spelled with: base64url, 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** 404 `{ error }`: a token of the profile the call names no such id. */
export class TokenNotFoundError extends DomainError {
  readonly statusCode = 404;
  constructor() {
    super(STREMIO_TOKEN_NOT_FOUND);
    this.name = 'TokenNotFoundError';
  }
}

/** 409 `{ error }`: the profile holds {@link MAX_STREMIO_TOKENS} tokens. */
export class TooManyTokensError extends DomainError {
  readonly statusCode = 409;
  constructor() {
    super(TOO_MANY_STREMIO_TOKENS);
    this.name = 'TooManyTokensError';
  }
}

/** 404 `{ error: 'Not found' }` of the addon: a wrong token, or what the profile cannot reach. */
export class AddonNotFoundError extends DomainError {
  readonly statusCode = 404;
  constructor() {
    super(ADDON_NOT_FOUND);
    this.name = 'AddonNotFoundError';
  }
}

/** The profile an addon request acts for, found from its token. */
export interface AddonProfile {
  /** The token's id (not the token). */
  tokenId: string;
  profileId: string;
  /** The account's id. */
  userId: string;
  /** The profile's name, which the manifest shows. */
  name: string;
  /** A kids' profile's rating limit (PROFILE-7); undefined for an adult one. */
  ceiling: RatingCeiling | undefined;
}

/** A token's stored form: SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new token: 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A new token's id: `st_` and 16 hex characters (64 random bits; it names, it opens nothing). */
function newTokenId(): string {
  return `st_${randomBytes(8).toString('hex')}`;
}

const iso = (at: Date | string) => new Date(at).toISOString();

function toAnswer(row: TokenRow): StremioToken {
  return {
    id: row.id,
    createdAt: iso(row.createdAt),
    lastUsedAt: row.lastUsedAt === null ? null : iso(row.lastUsedAt),
  };
}

/**
 * Counts one wrong token against the sign-in limits of the request's IP.
 * @returns null to answer 404, or the 429's wait in seconds and message.
 */
export type WrongTokenCounter = () => Promise<{
  retryAfterSeconds: number;
  message: string;
} | null>;

/** The token calls' rules and the addon's token check, over stremio.repository.ts. */
export class AddonTokens {
  constructor(private readonly db: Database) {}

  /** The profile's tokens, oldest first: id, when made, when last used (never the token). */
  async list(profileId: string): Promise<StremioToken[]> {
    return (await listTokens(this.db, profileId)).map(toAnswer);
  }

  /**
   * Makes a token for the profile.
   * @returns its id and the token, which is not kept and cannot be read again.
   * @throws TooManyTokensError (409) when the profile holds {@link MAX_STREMIO_TOKENS}.
   */
  async create(profileId: string): Promise<{ id: string; token: string }> {
    const token = newToken();
    const id = newTokenId();
    if (
      !(await insertToken(this.db, profileId, { id, hash: hashToken(token) }, MAX_STREMIO_TOKENS))
    ) {
      throw new TooManyTokensError();
    }
    return { id, token };
  }

  /**
   * Revokes the profile's token `id`: the addon stops answering through it at once.
   * @returns the profile's tokens left.
   * @throws TokenNotFoundError (404) for an id that is not one of the profile's tokens.
   */
  async revoke(profileId: string, id: string): Promise<StremioToken[]> {
    if (!(await deleteToken(this.db, profileId, id))) throw new TokenNotFoundError();
    return this.list(profileId);
  }

  /**
   * The profile `token` opens (STREMIO-8): looked up by its hash, the stored hash compared in
   * constant time. A token of any other spelling (wrong length, other characters, another case)
   * is wrong too; every wrong one is counted by `countWrong`.
   * @throws AddonNotFoundError (404) for a wrong token; AttemptsLimitedError (429) when the IP's
   *   wrong tokens passed the limit.
   */
  async resolve(token: string, countWrong: WrongTokenCounter): Promise<AddonProfile> {
    const hash = hashToken(token);
    const row = TOKEN_SHAPE.test(token) ? await findTokenProfile(this.db, hash) : undefined;
    const stored = row ? Buffer.from(row.tokenHash, 'hex') : undefined;
    const given = Buffer.from(hash, 'hex');
    if (!row || !stored || stored.length !== given.length || !timingSafeEqual(stored, given)) {
      const refusal = await countWrong();
      if (refusal) throw new AttemptsLimitedError(refusal.message, refusal.retryAfterSeconds);
      throw new AddonNotFoundError();
    }
    return {
      tokenId: row.tokenId,
      profileId: row.profileId,
      userId: row.userId,
      name: row.name,
      ceiling:
        row.kind === 'kids'
          ? { maxAge: row.maxRatingAge ?? 0, unrated: row.showUnrated }
          : undefined,
    };
  }
}
