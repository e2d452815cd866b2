/**
 * The profiles feature's public entry (PROFILE-1..8 in docs/requirements.md): 'Who's watching?'
 * at /profiles, 'Manage profiles' at /profiles/manage, the sidebar's profile switch, and the
 * app frame's offer of the chooser after sign-in.
 */
export { ManageProfilesScreen } from './components/manage-profiles-screen.tsx';
export { ProfileChooserScreen } from './components/profile-chooser.tsx';
export { ProfileGate } from './components/profile-gate.tsx';
export { ProfileMenu } from './components/profile-menu.tsx';
