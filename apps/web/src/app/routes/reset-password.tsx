/** `/reset-password?token=`: set a new password from the mailed link (IDENTITY-API.md). */
import { ResetPasswordScreen } from '../../features/auth/index.ts';

/** The reset-password screen. */
export function Component() {
  return <ResetPasswordScreen />;
}
