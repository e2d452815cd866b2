/**
 * The play page (PLAY-1 in docs/requirements.md, PLAY-8..12): scrolls to top, shows a loading
 * indicator, an error notice on failure, then the title over its blurred backdrop with the
 * player area, and the movie or show view, or the anime view when related anime exists.
 */
import { NOT_AVAILABLE_ON_PROFILE } from '@pigostream/contracts';
import { LoaderCircle, ShieldCheck } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { PlaceholderScreen } from '../../../components/placeholder-screen.tsx';
import { API_MESSAGES } from '../../../lib/api-client.ts';
import { useRelatedAnime } from '../../anime/index.ts';
import { useMediaInfo, type PlayTarget } from '../api/get-media-info.ts';
import { animeSource, isNotAvailableOnProfile } from '../play-rules.ts';
import { PlayContent } from './play-content.tsx';

/**
 * What a kids' profile sees for a title above its rating limit (PROFILE-7 in
 * docs/requirements.md): 'Not available on this profile', why, and the ways on: Home, or another
 * profile.
 */
export function NotAvailableOnProfile() {
  return (
    <PlaceholderScreen
      icon={ShieldCheck}
      title={NOT_AVAILABLE_ON_PROFILE}
      action={
        <div className="flex flex-wrap justify-center gap-3">
          <Link
            to="/index"
            className="rounded-md bg-accent px-4 py-2 font-semibold text-white hover:bg-rose-500"
          >
            Back to Home
          </Link>
          <Link
            to="/profiles"
            className="rounded-md bg-white/10 px-4 py-2 font-medium hover:bg-white/20"
          >
            Switch profile
          </Link>
        </div>
      }
    >
      <p>This title is rated above what this profile may watch.</p>
    </PlaceholderScreen>
  );
}

/**
 * The play page of `target`. While the title (and the related-anime lookup) loads: a loading
 * indicator; when the title call fails: its ERR-1 message with Retry, or, for a title above a
 * kids' profile's limit, {@link NotAvailableOnProfile} (PROFILE-7).
 */
export function PlayScreen({ target }: { target: PlayTarget }) {
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [target.id, target.type]);

  const media = useMediaInfo(target);
  const source = useMemo(
    () => (media.data ? animeSource(target, media.data) : undefined),
    [media.data, target],
  );
  const anime = useRelatedAnime(source);

  if (media.isError && isNotAvailableOnProfile(media.error)) return <NotAvailableOnProfile />;
  if (media.isError) {
    return (
      <div className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-10 md:px-8">
        <title>Play · PigoStream</title>
        <h1 className="text-2xl font-bold tracking-tight">Play</h1>
        <ErrorNotice
          message={media.error.message || API_MESSAGES.notOk}
          onRetry={() => {
            void media.refetch();
          }}
        />
      </div>
    );
  }
  if (media.isPending || anime.isLoading) {
    return (
      <div className="flex flex-col items-center gap-4 px-4 py-24">
        <title>Play · PigoStream</title>
        <h1 className="sr-only">Play</h1>
        <div role="status" className="flex flex-col items-center gap-3 text-neutral-300">
          <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-accent-soft" />
          <p className="text-sm">Loading title…</p>
        </div>
      </div>
    );
  }
  return (
    <PlayContent
      target={target}
      media={media.data}
      anime={source ?? animeSource(target, media.data)}
      relations={anime.relations}
    />
  );
}
