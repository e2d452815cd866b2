/**
 * The auth feature's public entry: the sign-in and reset screens, the signed-in user, sign-out, the
 * route guard and the app-wide reactions to sign-in state changes (AUTH-10, AUTH-13, AUTH-15,
 * ROLE-1, ROLE-2 in docs/requirements.md).
 */
export { useMe, type AuthUser } from './api/get-me.ts';
export { ResetPasswordScreen } from './components/reset-password-screen.tsx';
export { SignInScreen } from './components/sign-in-screen.tsx';
export { useAuthStateSync } from './hooks/use-auth-state-sync.ts';
export { useSignOut } from './hooks/use-sign-out.ts';
export { accessFor, useRouteAccess } from './route-guard.ts';
