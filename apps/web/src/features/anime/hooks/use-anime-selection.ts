/**
 * The anime view's remembered selection (DATA-16 in docs/requirements.md "selected relation index,
 * per-relation selected episode and page"; ANIME-7). Kept in 'PigoStream.Local' under keys prefixed
 * `anime:{type}:{id}:`: `relation` (the index), `episode:{AniList id}` and `page:{AniList id}`.
 */
import type { RelatedAnime } from '@pigostream/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useRemembered, wholeNumberFrom } from '../../../lib/local-store.ts';
import type { AnimeSelection, AnimeSourceMedia } from '../anime-view-contract.ts';
import {
  clampPage,
  DEFAULT_EPISODE,
  DEFAULT_PAGE,
  defaultRelationIndex,
  episodeCount,
  pageOfEpisode,
} from '../rules/selection.ts';

/** The prefix of every remembered key of `media`'s anime view. */
export function animeKeyPrefix(media: Pick<AnimeSourceMedia, 'type' | 'id'>): string {
  return `anime:${media.type}:${String(media.id)}:`;
}

/** The view's state and its actions. */
export interface AnimeSelectionState {
  relationIndex: number;
  relation: RelatedAnime;
  /** The selected episode, 1-based. */
  episode: number;
  /** Number of episodes of the selected relation (ANIME-6 episode count rule). */
  episodeCount: number;
  /** The Episodes grid's shown page, 0-based, clamped to the last page (VALID-10). */
  page: number;
  /** Selects relation `index` and restores its last episode and page (default 1, page 0). */
  selectRelation: (index: number) => void;
  /** Selects `episode` of the shown page and remembers both. */
  selectEpisode: (episode: number) => void;
  /** Shows `page` (clamped) without changing the selected episode. */
  showPage: (page: number) => void;
  /** Selects `episode` and shows its page; both remembered. */
  goToEpisode: (episode: number) => void;
  /** The index of the title's own relation, the default one (ANIME-5). */
  ownRelationIndex: number;
}

const indexCheck = (length: number) => (stored: unknown) =>
  typeof stored === 'number' && Number.isInteger(stored) && stored >= 0 && stored < length
    ? stored
    : undefined;

const episodeCheck = wholeNumberFrom(1);
const pageCheck = wholeNumberFrom(0);

/**
 * The selection of `media`'s anime view over `relations` (non-empty). The relation is the
 * remembered index when it is still listed, else the default relation (ANIME-5, ANIME-7); the
 * episode is the relation's remembered one when within its count, else 1; the page is the
 * remembered one clamped to the last page. `onSelectionChange` is called with the selection on
 * mount and on every change of relation or episode.
 */
export function useAnimeSelection(
  media: AnimeSourceMedia,
  relations: readonly RelatedAnime[],
  onSelectionChange: (selection: AnimeSelection) => void,
): AnimeSelectionState {
  const prefix = animeKeyPrefix(media);
  const defaultIndex = useMemo(
    () => defaultRelationIndex(relations, media.releaseDate),
    [relations, media.releaseDate],
  );
  const [relationIndex, rememberIndex] = useRemembered(
    `${prefix}relation`,
    useMemo(() => indexCheck(relations.length), [relations.length]),
    defaultIndex,
  );
  const relation = relations[relationIndex] ?? relations[0];
  if (!relation) throw new Error('useAnimeSelection needs at least one relation');
  const count = episodeCount(relation, relationIndex === defaultIndex, media.numberOfEpisodes);

  const [storedEpisode, rememberEpisode] = useRemembered(
    `${prefix}episode:${String(relation.id)}`,
    episodeCheck,
    DEFAULT_EPISODE,
  );
  const [storedPage, rememberPage] = useRemembered(
    `${prefix}page:${String(relation.id)}`,
    pageCheck,
    DEFAULT_PAGE,
  );
  const episode = storedEpisode <= count ? storedEpisode : DEFAULT_EPISODE;
  // The page being browsed, until the relation changes; the remembered one otherwise.
  const [browsed, setBrowsed] = useState<{ relationId: number; page: number } | null>(null);
  const page = clampPage(browsed?.relationId === relation.id ? browsed.page : storedPage, count);

  const selectRelation = (index: number) => {
    setBrowsed(null);
    rememberIndex(index);
  };
  const selectEpisode = (next: number) => {
    rememberEpisode(next);
    rememberPage(page);
    setBrowsed({ relationId: relation.id, page });
  };
  const showPage = (next: number) => {
    setBrowsed({ relationId: relation.id, page: clampPage(next, count) });
  };
  const goToEpisode = (next: number) => {
    const nextPage = clampPage(pageOfEpisode(next), count);
    rememberEpisode(next);
    rememberPage(nextPage);
    setBrowsed({ relationId: relation.id, page: nextPage });
  };

  const latest = useRef({ relation, onSelectionChange });
  useEffect(() => {
    latest.current = { relation, onSelectionChange };
  });
  useEffect(() => {
    latest.current.onSelectionChange({ relation: latest.current.relation, episode });
  }, [relation.id, episode]);

  return {
    relationIndex,
    relation,
    episode,
    episodeCount: count,
    page,
    selectRelation,
    selectEpisode,
    showPage,
    goToEpisode,
    ownRelationIndex: defaultIndex,
  };
}
