/** Player tokens: signed for one title, refused once expired or when signed with another key. */
import { describe, expect, it } from 'vitest';
import { PLAYER_TOKEN_TTL_S, PlayerTokenError, PlayerTokens } from './player-token.ts';

const CLAIMS = { uid: 'user-1', type: 'tv' as const, id: 1399, season: 2, episode: 5 };

describe('PlayerTokens', () => {
  it('reads back the claims it signed until the token expires', async () => {
    let now = Date.parse('2026-11-26T20:00:00Z');
    const tokens = new PlayerTokens('secret-a', () => now);
    const { token, expiresAt } = await tokens.sign(CLAIMS);
    expect(expiresAt).toBe('2026-11-27T02:00:00.000Z');
    expect(await tokens.verify(token)).toEqual(CLAIMS);
    now += (PLAYER_TOKEN_TTL_S - 1) * 1000;
    expect(await tokens.verify(token)).toEqual(CLAIMS);
    now += 2000;
    await expect(tokens.verify(token)).rejects.toThrow(PlayerTokenError);
    await expect(tokens.verify(token)).rejects.toThrow(
      'The player token is not valid or has expired',
    );
  });

  it('refuses a token signed with another secret', async () => {
    const { token } = await new PlayerTokens('secret-a').sign(CLAIMS);
    await expect(new PlayerTokens('secret-b').verify(token)).rejects.toThrow(PlayerTokenError);
  });
});
