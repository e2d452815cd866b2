import { describe, expect, it } from 'vitest';
import { safeLink, safeLinks } from './api/get-app-config.ts';

describe('safeLink', () => {
  it('keeps absolute http and https URLs', () => {
    expect(safeLink('https://github.com/pigostream/pigostream')).toBe(
      'https://github.com/pigostream/pigostream',
    );
    expect(safeLink('http://chat.example.org/room')).toBe('http://chat.example.org/room');
  });

  it('drops anything else', () => {
    expect(safeLink(null)).toBeNull();
    expect(safeLink('')).toBeNull();
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink('/relative')).toBeNull();
    expect(safeLink(42)).toBeNull();
  });
});

describe('safeLinks', () => {
  it('keeps both links, null when unset or not http(s)', () => {
    expect(safeLinks({ chatUrl: 'https://discord.gg/x', sourceUrl: null })).toEqual({
      chatUrl: 'https://discord.gg/x',
      sourceUrl: null,
    });
    expect(safeLinks({ chatUrl: 'javascript:alert(1)', sourceUrl: '/x' })).toEqual({
      chatUrl: null,
      sourceUrl: null,
    });
  });
});
