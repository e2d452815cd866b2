/**
 * The details card (PLAY-2 in docs/requirements.md): poster 160x240 with the My List bookmark,
 * Share and Trailer; then the title, Release Date, Director, Runtime (movies, in mins), Total
 * Episodes (tv), Rating, Genres, Languages and the Overview.
 */
import type { MediaDetails, MediaType } from '@pigostream/contracts';
import { Star } from 'lucide-react';
import { memo, useState, type ReactNode } from 'react';
import { ArtImage } from '../../../components/art-image.tsx';
import { formatRating } from '../../../lib/media.ts';
import { directorNames, formatReleaseDate, languageNames } from '../play-rules.ts';
import { ShareButton, TrailerButton } from './details-actions.tsx';
import { OverviewText } from './overview-text.tsx';

/** What a details line shows when the title does not say. */
const UNKNOWN = 'Unknown';

/**
 * The card for `media` of `type`, shown as `title`. `listControl` is the bookmark toggle;
 * `trailer` the trailer link (undefined: the button is disabled).
 */
export const DetailsCard = memo(function DetailsCard({
  media,
  type,
  title,
  listControl,
  trailer,
}: {
  media: MediaDetails;
  type: MediaType;
  title: string;
  listControl: ReactNode;
  trailer: string | undefined;
}) {
  const directors = directorNames(media, type);
  const languages = languageNames(media);
  const facts: [string, ReactNode][] = [
    [
      'Release Date',
      formatReleaseDate(type === 'movie' ? media.release_date : media.first_air_date) ?? UNKNOWN,
    ],
    ['Director', directors.length ? directors.join(', ') : UNKNOWN],
    type === 'movie'
      ? ['Runtime', media.runtime ? `${String(media.runtime)} mins` : UNKNOWN]
      : [
          'Total Episodes',
          typeof media.number_of_episodes === 'number' ? String(media.number_of_episodes) : UNKNOWN,
        ],
    [
      'Rating',
      <span key="rating" className="inline-flex items-center gap-1">
        <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
        <span className="tabular-nums">{formatRating(media.vote_average)}</span>
      </span>,
    ],
    ['Genres', media.genres.length ? media.genres.map((g) => g.name).join(', ') : UNKNOWN],
    ['Languages', languages.length ? languages.join(', ') : UNKNOWN],
  ];

  return (
    <section
      aria-label="Details"
      className="flex flex-col gap-5 rounded-2xl bg-neutral-900/70 p-4 ring-1 ring-white/10 backdrop-blur md:flex-row md:p-6"
    >
      <div className="flex shrink-0 flex-row items-end gap-4 md:flex-col md:items-start">
        <Poster path={media.poster_path} title={title} />
        <div className="flex flex-col items-start gap-2 md:flex-row md:flex-wrap md:items-center">
          {listControl}
          <ShareButton title={title} />
          <TrailerButton link={trailer} />
        </div>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-4">
        <h2 className="text-2xl leading-tight font-bold tracking-tight text-balance md:text-3xl">
          {title}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {facts.map(([name, value]) => (
            <div key={name} className="contents" data-fact={name}>
              <dt className="font-medium text-neutral-400">{name}</dt>
              <dd className="text-neutral-100">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-col gap-1">
          <h3 className="text-sm font-medium text-neutral-400">Overview</h3>
          <OverviewText text={media.overview} />
        </div>
      </div>
    </section>
  );
});

/**
 * The 160x240 px poster (w500 image, or the srcset size the screen's density needs; the title
 * as alt text); the title on a panel if missing.
 */
function Poster({ path, title }: { path: string; title: string }) {
  const [failed, setFailed] = useState(false);
  const src = failed ? undefined : path || undefined;
  return (
    <div className="h-60 w-40 shrink-0 overflow-hidden rounded-xl bg-neutral-800 shadow-xl ring-1 shadow-black/50 ring-white/10">
      {src ? (
        <ArtImage
          path={src}
          kind="poster"
          size="w500"
          sizes="160px"
          alt={title}
          width={160}
          height={240}
          decoding="async"
          onError={() => {
            setFailed(true);
          }}
          className="size-full object-cover"
        />
      ) : (
        <div className="flex size-full items-center justify-center p-3 text-center text-sm text-neutral-300">
          {title}
        </div>
      )}
    </div>
  );
}
