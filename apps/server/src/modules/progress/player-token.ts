/**
 * Player tokens (PROG-2 in docs/requirements.md): the PigoStream Player app reports the progress of
 * the stream it was handed with a short-lived token for that one movie or episode, never with the
 * user's session. A token is a JWT (HS256, `jose`) signed with a key derived from the server's auth
 * secret, naming the user (`sub`), the title and episode, and expiring after {@link
 * PLAYER_TOKEN_TTL_S}.
 */
import { createHash } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { MediaType } from '@pigostream/contracts';
import { DomainError } from '../../lib/domain-error.ts';

/** How long a player token is good for, in seconds (a long film twice over: 6 h). */
export const PLAYER_TOKEN_TTL_S = 6 * 3600;

/** What a token lets its holder report progress for. */
export interface PlayerTokenClaims {
  /** The profile whose progress it reports (PROFILE-4: the session's active one when signed). */
  uid: string;
  type: MediaType;
  id: number;
  /** The episode's season and number; 0 and 0 for a movie. */
  season: number;
  episode: number;
}

/** Why a token was refused; the API answers 403 `{ error: message }`. */
export class PlayerTokenError extends DomainError {
  override readonly name = 'PlayerTokenError';
  readonly statusCode = 403;
}

const ISSUER = 'pigostream';
const AUDIENCE = 'pigostream-player';

/** Signs and checks player tokens with a key derived from `secret` (the auth secret). */
export class PlayerTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    // Its own key: a token can never pass for anything the auth secret signs itself.
    this.key = createHash('sha256').update(`pigostream.player-token\0${secret}`).digest();
  }

  /** A token for `claims`, and when it expires (ISO 8601). */
  async sign(claims: PlayerTokenClaims): Promise<{ token: string; expiresAt: string }> {
    const issuedAt = Math.floor(this.now() / 1000);
    const expires = issuedAt + PLAYER_TOKEN_TTL_S;
    const token = await new SignJWT({
      typ: claims.type,
      tid: claims.id,
      s: claims.season,
      e: claims.episode,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.uid)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expires)
      .sign(this.key);
    return { token, expiresAt: new Date(expires * 1000).toISOString() };
  }

  /**
   * The claims of `token`.
   * @throws PlayerTokenError when it is malformed, not ours, or expired.
   */
  async verify(token: string): Promise<PlayerTokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: new Date(this.now()),
      });
      const { sub, typ, tid, s, e } = payload;
      if (
        typeof sub !== 'string' ||
        (typ !== 'movie' && typ !== 'tv') ||
        !Number.isInteger(tid) ||
        !Number.isInteger(s) ||
        !Number.isInteger(e)
      ) {
        throw new PlayerTokenError('The player token names no title');
      }
      return { uid: sub, type: typ, id: tid as number, season: s as number, episode: e as number };
    } catch (error) {
      if (error instanceof PlayerTokenError) throw error;
      throw new PlayerTokenError('The player token is not valid or has expired', { cause: error });
    }
  }
}
