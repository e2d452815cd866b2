/** `/pigostore`: the player app download page (spec 2). A placeholder until it is built. */
import { Download } from 'lucide-react';
import { PlaceholderScreen } from '../../components/placeholder-screen.tsx';

/** Says what the download page will offer. */
export function Component() {
  return (
    <PlaceholderScreen icon={Download} title="PigoStream Player">
      <p>
        The companion player app for Windows, macOS, Linux, Android and iOS will be offered here:
        the version for your platform and a Download button.
      </p>
      <p className="text-sm text-neutral-400">No downloads are published yet.</p>
    </PlaceholderScreen>
  );
}
