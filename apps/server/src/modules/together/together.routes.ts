/**
 * Watching together under `/pigo-stream` (TOGETHER-1..10 in docs/requirements.md; DEC-33 in
 * docs/decisions.md). Every call needs a verified session (401) and acts for its active profile;
 * writes come from the site's own origin only (ADDR-2):
 * - `POST /together/rooms/create { type, id, season?, episode?, position?, source }` -> `{ roomId,
 *   inviteUrl }` (the room starts paused at `position` s): 404 for a title the catalogue does
 *   not know, 403 'Not available on this profile' above a kids' profile's limit, 400 for a
 *   stream link the title does not play from or a bad position, 409 past the account's open
 *   rooms;
 * - `GET /together/rooms/:roomId` -> `{ roomId, title, source, members, maxMembers, yours }`:
 *   404 'This room has ended.', 403 'Not available on this profile';
 * - `POST /together/rooms/close { roomId }` -> `{ ok: true }`: 404, 403 for another account's
 *   room; every member's socket closes with 4410;
 * - `GET /together/ws?room=`, upgraded to the room's WebSocket (contracts' together.ts): its
 *   Origin must be a trusted origin and its host name a known one (403 before the upgrade,
 *   ADDR-2, ADDR-3), its session a verified one (401), `room` a room id (400); without an
 *   upgrade it answers 426. Messages of at most 4 KB (larger: close 1009), 20 a second (more:
 *   4429).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  closedRoomSchema,
  closeRoomBodySchema,
  createdRoomSchema,
  createRoomBodySchema,
  errorSchema,
  roomParamsSchema,
  roomQuerySchema,
  roomSummarySchema,
} from '@pigostream/contracts';
import {
  CLOSE_ROOM,
  CREATE_ROOM,
  ROOM,
  TOGETHER_SOCKET,
  routePath,
} from '@pigostream/contracts/endpoints';
import type { Database } from '@pigostream/db';
import type { Config } from '../../config.ts';
import type { ClusterBus } from '../../lib/cluster-bus.ts';
import {
  FOREIGN_ORIGIN_MESSAGE,
  linkOriginOf,
  requestOriginOf,
  unknownHostMessage,
} from '../../lib/request-guards.ts';
import type { TrustedOrigins } from '../../lib/trusted-origins.ts';
import type { CatalogueSource } from '../catalogue/index.ts';
import { requireVerifiedSession, type VerifiedUser } from '../identity/index.ts';
import { RatingGate } from '../library/index.ts';
import { findProfileCard } from '../profiles/index.ts';
import { createSourcesService, type MediaStreams } from '../sources/index.ts';
import { RoomHub, heartbeatMs, staleMs } from './together.hub.ts';
import { RedisRoomStore } from './together.redis.ts';
import { MemoryRoomStore, type RoomStore } from './together.store.ts';
import { mayWatch, TogetherService } from './together.service.ts';

/** What the room calls and sockets run on. */
export interface TogetherRoutesOptions {
  /** The limits and times (TOGETHER_*), and REDIS_URL: rooms in Redis when set (DEC-33). */
  config: Pick<Config, 'together' | 'redisUrl' | 'publicUrl'>;
  db: Database;
  catalogue: CatalogueSource;
  /** The media folder and link templates: a room's stream link must be one of its title's. */
  media: MediaStreams;
  /** Announces sign-outs and profile switches: sockets of ended sessions close (TOGETHER-7). */
  bus: ClusterBus;
  trustedOrigins: TrustedOrigins;
  apiPrefix: string;
}

/** The message of a plain GET of the socket's address. */
const UPGRADE_REQUIRED = 'This address takes WebSocket connections only.';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** The room store the configuration names: Redis with REDIS_URL, else this process's memory. */
function openStore(
  options: TogetherRoutesOptions,
  log: { warn(d: object, m: string): void },
): RoomStore {
  const { together, redisUrl } = options.config;
  if (!redisUrl) return new MemoryRoomStore(together.emptyRoomMs);
  return new RedisRoomStore(
    redisUrl,
    {
      emptyMs: together.emptyRoomMs,
      liveMs: staleMs(together.graceMs) + heartbeatMs(together.graceMs),
    },
    log,
  );
}

/** Registers the room calls and the room's socket. */
export const togetherRoutes: FastifyPluginAsyncZod<TogetherRoutesOptions> = async (
  app,
  options,
) => {
  const { config, db, catalogue, media, bus, trustedOrigins, apiPrefix } = options;
  const store = openStore(options, app.log);
  const gate = new RatingGate(catalogue);
  const sessions = new WeakMap<FastifyRequest, { user: VerifiedUser; sessionId: string }>();
  const hub = new RoomHub({
    store,
    maxMembers: config.together.maxMembers,
    leadMs: config.together.leadMs,
    graceMs: config.together.graceMs,
    mayWatch: (user, title) => mayWatch(gate, user, title),
    async cardOf(user) {
      const card = await findProfileCard(db, user.uid, user.profileId);
      return (
        card ?? {
          name: user.displayName || user.email.split('@')[0] || 'Guest',
          avatar: 'avatar-1',
        }
      );
    },
    async sessionNow(req) {
      try {
        // A copy of the request: the session is looked up afresh, not the one kept for it.
        const { user } = await requireVerifiedSession(Object.create(req) as FastifyRequest);
        return { profileId: user.profileId };
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 401) return null;
        throw error;
      }
    },
    log: app.log,
  });
  const rooms = new TogetherService({
    store,
    hub,
    gate,
    sources: createSourcesService({ media, apiPrefix }),
    maxRooms: config.together.maxRoomsPerAccount,
    maxMembers: config.together.maxMembers,
  });
  bus.subscribe((message) => {
    if (message.kind === 'sessions') hub.recheckSessions();
  });
  app.addHook('preClose', (done) => {
    hub.close();
    done();
  });
  app.addHook('onClose', async () => {
    hub.close();
    await store.close();
  });

  // Anonymous callers get 401 whatever they send; bodies are JSON only (415 otherwise).
  app.addHook('preValidation', async (req) => {
    sessions.set(req, await requireVerifiedSession(req));
  });
  app.removeContentTypeParser('text/plain');
  const tags = ['watch together'];
  const userOf = (req: FastifyRequest) => (sessions.get(req) as { user: VerifiedUser }).user;

  /** TOGETHER-1: a new room for a title, from one of its stream links. */
  app.post(
    routePath.post(CREATE_ROOM),
    {
      schema: {
        tags,
        summary: 'Make a room to watch a title together: { roomId, inviteUrl }',
        body: createRoomBodySchema,
        response: { 200: createdRoomSchema, ...errors, 409: errorSchema },
      },
    },
    async (req) => {
      const origin = linkOriginOf(req, trustedOrigins, config.publicUrl);
      return rooms.create(userOf(req), req.body, origin);
    },
  );

  /** TOGETHER-1: what an invite opens, checked before the socket is opened. */
  app.get(
    routePath.get(ROOM),
    {
      schema: {
        tags,
        summary: "A room's title, stream link and member count",
        params: roomParamsSchema,
        response: { 200: roomSummarySchema, ...errors },
      },
    },
    async (req) => rooms.summary(userOf(req), req.params.roomId),
  );

  /** TOGETHER-7: ends a room for everyone; the account that made it only. */
  app.post(
    routePath.post(CLOSE_ROOM),
    {
      schema: {
        tags,
        summary: 'Close a room you made: every member leaves it',
        body: closeRoomBodySchema,
        response: { 200: closedRoomSchema, ...errors },
      },
    },
    async (req) => {
      await rooms.close(userOf(req), req.body.roomId);
      return { ok: true as const };
    },
  );

  /**
   * TOGETHER-5: the room's socket. A foreign Origin or an unknown host name is refused before
   * the upgrade, as a write is (ADDR-2, ADDR-3): browsers send Origin on every WebSocket.
   */
  const refuseForeign = (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const target = requestOriginOf(req);
    if (target === undefined || !trustedOrigins.hasName(target)) {
      void reply.code(403).send({ error: unknownHostMessage(target ?? 'this address') });
      return;
    }
    const origin = req.headers.origin;
    if (origin === undefined || !trustedOrigins.has(origin)) {
      void reply.code(403).send({ error: FOREIGN_ORIGIN_MESSAGE });
      return;
    }
    done();
  };
  app.route({
    method: 'GET',
    url: routePath.get(TOGETHER_SOCKET),
    schema: {
      tags,
      summary: "A room's WebSocket (messages: contracts' together.ts); 426 without an upgrade",
      querystring: roomQuerySchema,
      response: { ...errors, 426: errorSchema },
    },
    onRequest: refuseForeign,
    handler: async (_req, reply) => reply.code(426).send({ error: UPGRADE_REQUIRED }),
    wsHandler: (socket, req) => {
      const signedIn = sessions.get(req) as { user: VerifiedUser; sessionId: string };
      const { room } = req.query;
      hub.accept(socket, req, room, signedIn.user, signedIn.sessionId);
    },
  });
};
