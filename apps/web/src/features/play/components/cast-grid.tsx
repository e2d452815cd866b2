/**
 * The cast grid (PLAY-6 in docs/requirements.md; LIMIT-11, LIMIT-12: 12 at first, 'View More' adds
 * 12; 4 placeholders while empty; VALID-11: keyed by cast_id, or name plus index).
 */
import type { MediaDetails } from '@pigostream/contracts';
import { UserRound } from 'lucide-react';
import { memo, useId, useState } from 'react';
import { ArtImage } from '../../../components/art-image.tsx';
import { CAST_PAGE, CAST_SKELETONS, castKey, hasMoreCast, webSearchUrl } from '../play-rules.ts';

type CastMember = MediaDetails['credits']['cast'][number];

/** What a cast card says for a member without a character. */
export const UNKNOWN_CHARACTER = 'Unknown';

/**
 * A 'Cast' section: the first `limit` members of `cast` (photo w185 or a default avatar, name,
 * character or 'Unknown'); each opens a web search for the name in a new tab. 'View More'
 * shows while members are hidden and calls `onLimitChange(limit + 12)`. With no members it
 * shows 4 still placeholders.
 */
export const CastGrid = memo(function CastGrid({
  cast,
  limit,
  onLimitChange,
}: {
  cast: readonly CastMember[];
  limit: number;
  onLimitChange: (limit: number) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold tracking-tight md:text-xl">
        Cast
      </h2>
      {cast.length === 0 ? (
        <>
          <p className="sr-only">No cast listed</p>
          <ul aria-hidden="true" className={GRID}>
            {Array.from({ length: CAST_SKELETONS }, (_, i) => (
              <li
                key={i}
                data-testid="cast-skeleton"
                className="flex flex-col items-center gap-2 rounded-xl bg-neutral-900/60 p-3 ring-1 ring-white/5 sm:flex-row sm:gap-3"
              >
                <span className="size-14 shrink-0 rounded-full bg-neutral-800" />
                <span className="flex w-full flex-1 flex-col items-center gap-2 sm:items-start">
                  <span className="h-3.5 w-3/4 rounded bg-neutral-800" />
                  <span className="h-3 w-1/2 rounded bg-neutral-800" />
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <ul className={GRID}>
          {cast.slice(0, limit).map((member, index) => (
            <li key={castKey(member, index)}>
              <CastCard member={member} />
            </li>
          ))}
        </ul>
      )}
      {hasMoreCast(cast.length, limit) && (
        <button
          type="button"
          onClick={() => {
            onLimitChange(limit + CAST_PAGE);
          }}
          className="self-center rounded-lg bg-white/10 px-5 py-2 text-sm font-semibold ring-1 ring-white/15 hover:bg-white/20"
        >
          View More
        </button>
      )}
    </section>
  );
});

const GRID = 'grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4';

function CastCard({ member }: { member: CastMember }) {
  const [failed, setFailed] = useState(false);
  const photo = failed ? undefined : member.profile_path || undefined;
  const character = member.character?.trim() ? member.character : UNKNOWN_CHARACTER;
  return (
    <a
      href={webSearchUrl(member.name)}
      target="_blank"
      rel="noopener noreferrer"
      className="flex h-full flex-col items-center gap-2 rounded-xl bg-neutral-900/70 p-3 text-center ring-1 ring-white/10 transition hover:bg-neutral-800/80 sm:flex-row sm:gap-3 sm:text-left"
    >
      <span className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-full bg-neutral-800">
        {photo ? (
          <ArtImage
            path={photo}
            kind="profile"
            size="w185"
            sizes="56px"
            alt=""
            width={56}
            height={56}
            loading="lazy"
            decoding="async"
            onError={() => {
              setFailed(true);
            }}
            className="size-full object-cover"
          />
        ) : (
          <UserRound
            aria-hidden="true"
            data-testid="default-avatar"
            className="size-8 text-neutral-400"
          />
        )}
      </span>
      <span className="flex w-full min-w-0 flex-col">
        <span className="truncate font-medium text-neutral-100">{member.name}</span>
        <span className="truncate text-sm text-neutral-400">{character}</span>
      </span>
    </a>
  );
}
