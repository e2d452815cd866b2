import { describe, expect, it } from 'vitest';
import { airsToday, isFutureEpisode, localDate } from './air-dates.ts';

describe('episode air dates', () => {
  it('localDate writes the local calendar day', () => {
    expect(localDate(new Date(2025, 10, 6, 23, 59))).toBe('2025-11-06');
  });
  it('only a later date is in the future; a missing or odd date is not', () => {
    expect(isFutureEpisode('2025-12-25', '2025-11-26')).toBe(true);
    expect(isFutureEpisode('2025-11-26', '2025-11-26')).toBe(false);
    expect(isFutureEpisode('2024-01-01', '2025-11-26')).toBe(false);
    expect(isFutureEpisode(null, '2025-11-26')).toBe(false);
    expect(isFutureEpisode('soon', '2025-11-26')).toBe(false);
  });
  it("'New!' only on the air date itself", () => {
    expect(airsToday('2025-11-26', '2025-11-26')).toBe(true);
    expect(airsToday('2025-11-25', '2025-11-26')).toBe(false);
    expect(airsToday(null, '2025-11-26')).toBe(false);
  });
});
