/**
 * The room calls (TOGETHER-1, TOGETHER-7 in docs/requirements.md): make a room, read what an
 * invite opens, end a room.
 */
import {
  closedRoomSchema,
  createdRoomSchema,
  roomSummarySchema,
  type CreateRoomBody,
  type CreatedRoom,
  type RoomSummary,
} from '@pigostream/contracts';
import { CLOSE_ROOM, CREATE_ROOM, ROOM } from '@pigostream/contracts/endpoints';
import { callEndpoint } from '../../../lib/endpoint-call.ts';

/**
 * `POST /together/rooms/create` (TOGETHER-1): a room for the title and stream link in `body`.
 * @throws ApiError with the server's message (403 'Not available on this profile', 409 past the
 *   open rooms, 400 a server the title does not play from).
 */
export function createRoom(body: CreateRoomBody): Promise<CreatedRoom> {
  return callEndpoint(CREATE_ROOM, { body }, createdRoomSchema);
}

/**
 * `GET /together/rooms/:roomId` (TOGETHER-1): the room an invite opens.
 * @throws ApiError: 404 'This room has ended.', 403 'Not available on this profile'.
 */
export function getRoom(roomId: string, signal?: AbortSignal): Promise<RoomSummary> {
  return callEndpoint(ROOM, { params: { roomId } }, roomSummarySchema, { signal });
}

/** `POST /together/rooms/close` (TOGETHER-7): ends the room for every member. */
export async function closeRoom(roomId: string): Promise<void> {
  await callEndpoint(CLOSE_ROOM, { body: { roomId } }, closedRoomSchema);
}
