import { describe, expect, it } from 'vitest';
import { playPath, rememberKey } from './media.ts';

describe('the play page of a title', () => {
  it('links to /play?id=&type=', () => {
    expect(playPath(1396, 'tv')).toBe('/play?id=1396&type=tv');
  });
  it('remembered keys are prefixed play:{type}:{id}:', () => {
    expect(rememberKey({ id: 1396, type: 'tv' }, 'season')).toBe('play:tv:1396:season');
  });
});
