/**
 * The profiles feature's public entry (PROFILE-1..8 in docs/requirements.md): 'Who's watching?'
 * at /profiles, 'Manage profiles' at /profiles/manage, the sidebar's profile switch, the app
 * frame's offer of the chooser after sign-in (which also keeps the remembered UI state the active
 * profile's), and the session's active profile.
 */
export { ManageProfilesScreen } from './components/manage-profiles-screen.tsx';
export { ProfileChooserScreen } from './components/profile-chooser.tsx';
export { ProfileGate } from './components/profile-gate.tsx';
export { ProfileMenu } from './components/profile-menu.tsx';
export { useActiveProfile, useActiveProfileId } from './hooks/use-active-profile.ts';
export { ProfileAvatar } from './components/profile-avatar.tsx';
