import { describe, expect, it } from 'vitest';
import { cardWindow } from './use-card-window.ts';

/** MediaRow's card pitch: a 160 px card and a 12 px gap. */
const PITCH = 172;

describe('cardWindow', () => {
  it('renders a phone screen of cards and one more screen at the start of a row', () => {
    // 390 px shows cards 0-2 (the third in part); one more screen reaches 780 px: card 4.
    expect(cardWindow(0, 390, 20, PITCH)).toEqual({ first: 0, last: 4 });
  });

  it('renders one screen either side of the view once scrolled', () => {
    // In view: 1000-1390 px (cards 5-8); a screen before from 610 px (card 3), after to 1780
    // px (card 10).
    expect(cardWindow(1000, 390, 20, PITCH)).toEqual({ first: 3, last: 10 });
  });

  it('stops at the last card and renders every card of a short row', () => {
    expect(cardWindow(2800, 1280, 20, PITCH)).toEqual({ first: 8, last: 19 });
    expect(cardWindow(0, 1280, 3, PITCH)).toEqual({ first: 0, last: 2 });
  });

  it('renders nothing for an empty row', () => {
    expect(cardWindow(0, 390, 0, PITCH)).toEqual({ first: 0, last: -1 });
  });
});
