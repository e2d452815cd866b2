/** `/`: the sign-in / sign-up landing screen (spec 2). */
import { SignInScreen } from '../../features/auth/index.ts';

/** The sign-in screen; verified users are sent on to /index. */
export function Component() {
  return <SignInScreen />;
}
