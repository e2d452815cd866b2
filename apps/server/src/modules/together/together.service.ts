/**
 * The rules of the room calls (TOGETHER-1, TOGETHER-6, TOGETHER-7 in docs/requirements.md):
 * making a room for a title the active profile may watch, from one of the title's own stream
 * links, within the account's open rooms; what an invite opens; closing a room.
 */
import {
  inviteUrlOf,
  NOT_ROOM_OWNER,
  ROOM_NOT_FOUND,
  SOURCE_NOT_OFFERED,
  tooManyRoomsMessage,
  type CreatedRoom,
  type CreateRoomBody,
  type RoomSummary,
  type RoomTitle,
} from '@pigostream/contracts';
import { DomainError } from '../../lib/domain-error.ts';
import type { VerifiedUser } from '../identity/index.ts';
import { NotAvailableOnProfileError, type RatingGate } from '../library/index.ts';
import type { SourcesService } from '../sources/index.ts';
import type { RoomHub } from './together.hub.ts';
import { newRoomId } from './together.hub.ts';
import { newRoom } from './together.room.ts';
import type { RoomStore } from './together.store.ts';

/** 404 `{ error: 'This room has ended.' }`: no room of that id. */
export class RoomNotFoundError extends DomainError {
  override readonly name = 'RoomNotFoundError';
  readonly statusCode = 404;
  constructor() {
    super(ROOM_NOT_FOUND);
  }
}

/** 409: the account has its most rooms open (TOGETHER-6). */
export class TooManyRoomsError extends DomainError {
  override readonly name = 'TooManyRoomsError';
  readonly statusCode = 409;
  constructor(max: number) {
    super(tooManyRoomsMessage(max));
  }
}

/** 400: the stream link is not one of the title's (TOGETHER-1). */
export class SourceNotOfferedError extends DomainError {
  override readonly name = 'SourceNotOfferedError';
  readonly statusCode = 400;
  constructor() {
    super(SOURCE_NOT_OFFERED);
  }
}

/** 403: only the account that made a room closes it (TOGETHER-7). */
export class NotRoomOwnerError extends DomainError {
  override readonly name = 'NotRoomOwnerError';
  readonly statusCode = 403;
  constructor() {
    super(NOT_ROOM_OWNER);
  }
}

/** What the room calls run on. */
export interface TogetherServiceOptions {
  store: RoomStore;
  hub: RoomHub;
  gate: RatingGate;
  sources: SourcesService;
  /** Most rooms an account has open (TOGETHER_MAX_ROOMS). */
  maxRooms: number;
  /** Most members a room holds (TOGETHER_MAX_MEMBERS). */
  maxMembers: number;
}

/**
 * Whether the user's active profile may watch `title` (PROFILE-7): always for an adult profile;
 * for a kids' one, a title within its limit, or one the catalogue does not know (so has no
 * rating) when it shows unrated titles.
 * @throws the catalogue source's errors.
 */
export async function mayWatch(
  gate: RatingGate,
  user: VerifiedUser,
  title: RoomTitle,
): Promise<boolean> {
  const { ceiling } = user;
  if (!ceiling) return true;
  const standing = await gate.standing(title.type, title.id, ceiling);
  return standing === 'shown' || (standing === 'unknown' && ceiling.unrated);
}

export class TogetherService {
  constructor(private readonly options: TogetherServiceOptions) {}

  /**
   * Makes a room (TOGETHER-1): the title must be one the catalogue knows and the active profile
   * may watch, `source` one of its stream links (for a show, of that episode), and the account
   * under its most open rooms. The room starts paused at `position` (0 when absent: where the
   * maker's player is) with no member; `inviteUrl` is at `origin`.
   * @throws NotFoundError (404) for a title the catalogue does not know;
   *   NotAvailableOnProfileError (403) for one above the profile's limit; SourceNotOfferedError
   *   (400); TooManyRoomsError (409).
   */
  async create(user: VerifiedUser, body: CreateRoomBody, origin: string): Promise<CreatedRoom> {
    const { store, gate, sources, maxRooms } = this.options;
    await gate.assertShown(body.type, body.id, user.ceiling);
    const servers = await sources.listServers({
      type: body.type,
      id: body.id,
      season: body.season ?? 1,
      episode: body.episode ?? 1,
    });
    const offered = servers.some(
      (s) => s.server_name === body.source.name && s.server_link === body.source.link,
    );
    if (!offered) throw new SourceNotOfferedError();
    const title: RoomTitle = {
      type: body.type,
      id: body.id,
      season: body.season ?? null,
      episode: body.episode ?? null,
    };
    const record = newRoom({
      id: newRoomId(),
      owner: user.uid,
      title,
      source: body.source,
      now: store.now(),
      position: body.position,
    });
    if (!(await store.create(record, maxRooms))) throw new TooManyRoomsError(maxRooms);
    return { roomId: record.id, inviteUrl: inviteUrlOf(origin, title, record.id) };
  }

  /**
   * What an invite opens (TOGETHER-1): the room's title, stream link and member count.
   * @throws RoomNotFoundError (404); NotAvailableOnProfileError (403) when the active profile's
   *   limit excludes the title.
   */
  async summary(user: VerifiedUser, roomId: string): Promise<RoomSummary> {
    const record = await this.options.store.get(roomId);
    if (!record) throw new RoomNotFoundError();
    if (!(await mayWatch(this.options.gate, user, record.title)))
      throw new NotAvailableOnProfileError();
    return {
      roomId: record.id,
      title: record.title,
      source: record.source,
      members: record.members.length,
      maxMembers: this.options.maxMembers,
      yours: record.owner === user.uid,
    };
  }

  /**
   * Closes a room for every member (TOGETHER-7): their sockets close with 4410.
   * @throws RoomNotFoundError (404); NotRoomOwnerError (403) for another account's room.
   */
  async close(user: VerifiedUser, roomId: string): Promise<void> {
    const record = await this.options.store.get(roomId);
    if (!record) throw new RoomNotFoundError();
    if (record.owner !== user.uid) throw new NotRoomOwnerError();
    const outcome = await this.options.hub.change(roomId, { kind: 'close' });
    if (outcome === undefined) throw new RoomNotFoundError();
  }
}
