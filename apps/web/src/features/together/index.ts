/**
 * The together feature's public entry (TOGETHER-10 in docs/requirements.md): the play page's room
 * panel, a lazy chunk loaded only when a room is used, and the room an invite link names.
 */
import { lazy } from 'react';
import { loadChunk } from '../../lib/load-chunk.ts';

export type { NewRoom, RoomPlays, TogetherRoomProps } from './components/together-room.tsx';

/** The room panel (TOGETHER-10), loaded when a room is made or an invite opened. */
export const TogetherRoom = lazy(() =>
  loadChunk(() => import('./components/together-room.tsx')).then((module) => ({
    default: module.TogetherRoom,
  })),
);

/**
 * The room the play page's `?room=` names (TOGETHER-10): a room id (22 characters of base64url,
 * contracts' ROOM_ID_PATTERN), or undefined.
 */
export function roomIdFrom(params: URLSearchParams): string | undefined {
  const room = params.get('room') ?? '';
  return /^[A-Za-z0-9_-]{22}$/.test(room) ? room : undefined;
}
