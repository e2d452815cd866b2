/** `/`: the sign-in / sign-up landing screen (AUTH-1..6 in docs/requirements.md). */
import { SignInScreen } from '../../features/auth/index.ts';

/** The sign-in screen; verified users are sent on to /index. */
export function Component() {
  return <SignInScreen />;
}
