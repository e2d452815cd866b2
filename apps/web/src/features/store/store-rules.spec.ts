import { describe, expect, it } from 'vitest';
import { INSTALL_STEPS, platformMark, STORE_PLATFORMS, versionText } from './store-rules.ts';

describe('/pigostore', () => {
  it('lists the five platforms of DEC-6', () => {
    expect(STORE_PLATFORMS).toEqual(['windows', 'macos', 'linux', 'android', 'ios']);
  });

  it('marks windows and android with success, the others with failure', () => {
    expect(STORE_PLATFORMS.map((p) => [p, platformMark(p)])).toEqual([
      ['windows', 'success'],
      ['macos', 'failure'],
      ['linux', 'failure'],
      ['android', 'success'],
      ['ios', 'failure'],
    ]);
  });

  it("shows the version, or 'Not Available for {platform}' when it is NA", () => {
    expect(versionText('windows', '2.4.0')).toBe('Version 2.4.0');
    expect(versionText('ios', 'NA')).toBe('Not Available for ios');
    expect(versionText('unknown', '')).toBe('Not Available for unknown');
  });

  it('tells how to install in three steps', () => {
    expect(INSTALL_STEPS).toHaveLength(3);
    expect(INSTALL_STEPS[0]).toContain('.zip');
  });
});
