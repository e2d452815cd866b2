/** `/my-list`: My List (spec 2). A placeholder until the list is built. */
import { Bookmark } from 'lucide-react';
import { PlaceholderScreen } from '../../components/placeholder-screen.tsx';

/** Says what My List will hold. */
export function Component() {
  return (
    <PlaceholderScreen icon={Bookmark} title="My List">
      <p>
        Titles you save from a play page will appear here, in the rows &lsquo;My List: Movies&rsquo;
        and &lsquo;My List: Shows&rsquo;.
      </p>
      <p className="text-sm text-neutral-400">Saving titles arrives together with sign-in.</p>
    </PlaceholderScreen>
  );
}
