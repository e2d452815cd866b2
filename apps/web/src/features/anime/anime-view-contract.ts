/**
 * What the play page (features/play) and the anime view (features/anime) agree on (PLAY-7, ANIME-1
 * in docs/requirements.md: "If related-anime data exists, the anime view replaces the movie or show
 * view").
 *
 * The play page asks {@link UseRelatedAnime} for the title's related anime. When the answer holds
 * at least one entry it renders the anime view with {@link AnimeViewProps} instead of the movie or
 * show view, and fetches servers for the selection the view reports. Implemented by
 * `features/anime/api/use-related-anime.ts` (`useRelatedAnime`) and
 * `features/anime/components/anime-view.tsx` (`AnimeView`).
 */
import type { MediaType, RelatedAnime } from '@pigostream/contracts';
import type { ReactNode } from 'react';

/** The fields of the play page's media item the anime lookup and view read (DATA-4). */
export interface AnimeSourceMedia {
  id: number;
  type: MediaType;
  /** The display title (a movie's title, a show's name). */
  title: string;
  /** `release_date` (movie) or `first_air_date` (tv), `YYYY-MM-DD`; null when unknown. */
  releaseDate: string | null;
  /** A show's `number_of_episodes`; null for movies or when unknown. */
  numberOfEpisodes: number | null;
}

/** The related-anime lookup's state, as the play page reads it. */
export interface RelatedAnimeState {
  /** The relation graph (VALID-9): filtered, sorted, deduplicated; empty when nothing matched. */
  relations: RelatedAnime[];
  /** True while the lookup runs (the play page keeps its loading indicator up). */
  isLoading: boolean;
}

/**
 * `useRelatedAnime(media)`: runs the anime-info lookup for `media` (skipped while `media` is
 * undefined, or without a title or release date; VALID-8). Failures are only logged and leave
 * `relations` empty, so the movie or show view shows instead.
 */
export type UseRelatedAnime = (media: AnimeSourceMedia | undefined) => RelatedAnimeState;

/** The anime view's current choice: the related entry and the episode number (1-based). */
export interface AnimeSelection {
  relation: RelatedAnime;
  episode: number;
}

/** Props of `AnimeView`. Controls the play page owns are passed in as rendered nodes. */
export interface AnimeViewProps {
  media: AnimeSourceMedia;
  /** Non-empty: the relations `useRelatedAnime` returned. */
  relations: RelatedAnime[];
  /** The play page's My List bookmark toggle (the anime view's add-to-list control). */
  listControl: ReactNode;
  /** The play page's server chooser; null when there are no servers. */
  serverChooser: ReactNode;
  /** The play page's cast grid. */
  cast: ReactNode;
  /**
   * Episode numbers the signed-in user has watched (PROG-4: the play page's progress of
   * season 1, which the anime view's servers are asked for); empty when signed out.
   */
  watchedEpisodes: ReadonlySet<number>;
  /** Called with the restored selection on mount and on every change of relation or episode. */
  onSelectionChange: (selection: AnimeSelection) => void;
  /**
   * In a room (TOGETHER-10): the episode it plays, which the view selects, in the title's own
   * relation; undefined outside a room (or for a movie).
   */
  roomEpisode?: number;
}
