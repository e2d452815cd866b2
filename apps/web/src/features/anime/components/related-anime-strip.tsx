/** The Related Anime strip of the anime view (ANIME-1, ANIME-2 in docs/requirements.md). */
import type { RelatedAnime } from '@pigostream/contracts';
import { useRef } from 'react';
import { ScrollButtons } from '../../../components/scroll-buttons.tsx';
import { RelatedAnimeCard } from './related-anime-card.tsx';

/** Scroll buttons appear only with more cards than this (CARD-3). */
export const STRIP_BUTTONS_ABOVE = 3;

/** Props of {@link RelatedAnimeStrip}. */
export interface RelatedAnimeStripProps {
  relations: readonly RelatedAnime[];
  selectedIndex: number;
  onSelect: (index: number) => void;
}

/**
 * 'Related Anime': a sideways row of {@link RelatedAnimeCard}s (160 px each) in graph order,
 * the selected one highlighted; with more than 3 cards, 'Scroll Related Anime left/right'
 * buttons move it 450 px smoothly on md screens and up (components/scroll-buttons.tsx).
 */
export function RelatedAnimeStrip({ relations, selectedIndex, onSelect }: RelatedAnimeStripProps) {
  const listRef = useRef<HTMLUListElement>(null);
  return (
    <section aria-labelledby="related-anime-heading" className="flex flex-col gap-3">
      <div className="flex min-h-9 items-center justify-between gap-4">
        <h2 id="related-anime-heading" className="text-lg font-semibold tracking-tight md:text-xl">
          Related Anime
        </h2>
        {relations.length > STRIP_BUTTONS_ABOVE && (
          <ScrollButtons label="Related Anime" target={listRef} />
        )}
      </div>
      <ul ref={listRef} className="scrollbar-none flex gap-3 overflow-x-auto pt-1 pb-2">
        {relations.map((entry, i) => (
          <li key={entry.id}>
            <RelatedAnimeCard
              entry={entry}
              index={i + 1}
              selected={i === selectedIndex}
              onSelect={() => {
                onSelect(i);
              }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
