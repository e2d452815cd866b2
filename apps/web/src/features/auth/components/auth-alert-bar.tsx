/**
 * The auth screens' bottom alert bar, bound to the auth message store (AUTH-5 in
 * docs/requirements.md: 5 s).
 */
import { AlertBar } from '../../../components/alert-bar.tsx';
import { clearAuthMessage, useAuthAlert } from '../hooks/use-auth-alert.ts';

/** Shows the current auth message until it auto-clears after 5 s or is dismissed. */
export function AuthAlertBar() {
  const alert = useAuthAlert((s) => s.alert);
  return <AlertBar message={alert} onDismiss={clearAuthMessage} />;
}
