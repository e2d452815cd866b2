/** `/watch-history`: Watch History (spec 2). A placeholder until history is built. */
import { History } from 'lucide-react';
import { PlaceholderScreen } from '../../components/placeholder-screen.tsx';

/** Says what Watch History will hold. */
export function Component() {
  return (
    <PlaceholderScreen icon={History} title="Watch History">
      <p>
        Everything you play will be listed here, in the rows &lsquo;Watch History: Movies&rsquo; and
        &lsquo;Watch History: Shows&rsquo;, with a Clear All button.
      </p>
      <p className="text-sm text-neutral-400">Watch history arrives together with sign-in.</p>
    </PlaceholderScreen>
  );
}
