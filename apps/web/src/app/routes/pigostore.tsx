/**
 * `/pigostore`: the player app download page (STORE-1..5 in docs/requirements.md), open to any
 * signed-in user.
 */
import { StoreScreen } from '../../features/store/index.ts';

/** The store page for the platform this browser reports. */
export function Component() {
  return <StoreScreen />;
}
