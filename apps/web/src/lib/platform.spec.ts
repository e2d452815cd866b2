import { describe, expect, it } from 'vitest';
import { detectPlatform, supportsPlayerHandOff } from './platform.ts';

const AGENTS = {
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  macos:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  linux: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
} as const;

describe('detectPlatform', () => {
  it.each(Object.entries(AGENTS))('reads %s from its browser agent', (platform, agent) => {
    expect(detectPlatform(agent)).toBe(platform);
  });

  it('answers unknown for an agent naming no platform', () => {
    expect(detectPlatform('curl/8.5.0')).toBe('unknown');
    expect(detectPlatform('')).toBe('unknown');
  });

  it('offers the player hand-off on windows and android only', () => {
    const offered = Object.keys(AGENTS).filter((p) =>
      supportsPlayerHandOff(detectPlatform(AGENTS[p as keyof typeof AGENTS])),
    );
    expect(offered).toEqual(['windows', 'android']);
  });
});
