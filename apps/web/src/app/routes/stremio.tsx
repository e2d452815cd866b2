/** `/stremio`: the Stremio addon page (STREMIO-1 in docs/requirements.md), verified users only. */
import { StremioScreen } from '../../features/stremio/index.ts';

/** STREMIO-1: the active profile's addon links, to make, copy and revoke. */
export function Component() {
  return <StremioScreen />;
}
