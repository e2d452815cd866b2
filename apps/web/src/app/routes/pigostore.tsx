/** `/pigostore`: the player app download page (spec 2), open to any signed-in user. */
import { StoreScreen } from '../../features/store/index.ts';

/** The store page for the platform this browser reports. */
export function Component() {
  return <StoreScreen />;
}
