/** `/play?id={id}&type={movie|tv}`: the play page (ROUTE-1 in docs/requirements.md). */
import { Clapperboard } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen.tsx';
import { BAD_LINK_MESSAGE, parsePlayTarget, PlayScreen } from '../../features/play/index.ts';

/**
 * Reads `id` (a positive whole number) and `type` (movie or tv) from the query. Both valid: the
 * play page of that title (a fresh page, and visit, per title). Otherwise it says what is
 * missing (VALID-7: the media fetch needs id and type) and links back Home.
 */
export function Component() {
  const [params] = useSearchParams();
  const target = parsePlayTarget(params);
  if (!target) {
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
        <p role="alert">{BAD_LINK_MESSAGE}</p>
      </PlaceholderScreen>
    );
  }
  return <PlayScreen key={`${target.type}:${String(target.id)}`} target={target} />;
}
