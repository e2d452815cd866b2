/**
 * The sidebar drawer with the profile switch in it (HOME-2, PROFILE-3 in docs/requirements.md): one
 * lazy chunk, loaded by the header's menu button (app-sidebar.tsx), so neither weighs on a first
 * visit.
 */
import { SidebarDrawer, type SidebarDrawerProps } from '../components/sidebar-drawer.tsx';
import { ProfileMenu } from '../features/profiles/index.ts';

/** Props of {@link SidebarMenu}: the drawer's, less the profile section (PROFILE-3) it fills in. */
export type SidebarMenuProps = Omit<SidebarDrawerProps, 'profiles'>;

/**
 * The sidebar drawer (components/sidebar-drawer.tsx, HOME-2) with the active profile and the switch
 * to the others (features/profiles), which closes the drawer when it moves on.
 */
export function SidebarMenu(props: SidebarMenuProps) {
  const { onOpenChange } = props;
  return (
    <SidebarDrawer
      {...props}
      profiles={
        <ProfileMenu
          onClose={() => {
            onOpenChange(false);
          }}
        />
      }
    />
  );
}
