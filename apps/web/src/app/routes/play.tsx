/** `/play?id={id}&type={movie|tv}`: the play page (spec 2). A placeholder until it is built. */
import type { MediaType } from '@pigostream/contracts';
import { Clapperboard } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen.tsx';

/**
 * Reads `id` (a positive whole number) and `type` (movie or tv) from the query (spec 5: the
 * play page needs both) and says what the page will show for that title.
 */
export function Component() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const type = params.get('type');
  const valid = /^[1-9]\d{0,8}$/.test(id) && isMediaType(type);

  return (
    <PlaceholderScreen
      icon={Clapperboard}
      title="Play"
      action={
        <Link
          to="/index"
          className="rounded-md bg-white/10 px-4 py-2 font-medium hover:bg-white/20"
        >
          Back to Home
        </Link>
      }
    >
      {valid ? (
        <>
          <p data-testid="play-target">
            {type === 'movie' ? 'Movie' : 'Show'} #{id}
          </p>
          <p>
            The play page will show this title&rsquo;s details, trailer, cast and servers to play
            from{type === 'tv' ? ', with its seasons and episodes' : ''}.
          </p>
        </>
      ) : (
        <p role="alert">This link needs a title id and a type (movie or tv).</p>
      )}
    </PlaceholderScreen>
  );
}

function isMediaType(value: string | null): value is MediaType {
  return value === 'movie' || value === 'tv';
}
