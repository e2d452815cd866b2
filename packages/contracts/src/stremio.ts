/**
 * The Stremio addon (STREMIO-1..9 in docs/requirements.md; DEC-32 in docs/decisions.md): the
 * product calls that make and revoke a profile's addon tokens, and the answers of the addon
 * itself, written from Stremio's addon protocol (v3: the manifest, then the `catalog`, `meta`,
 * `stream` and `subtitles` resources as JSON). Every URL an addon answer carries is absolute.
 */
import { z } from './zod.ts';
import { BODY_OBJECT } from './library.ts';

/** Most addon tokens a profile holds (STREMIO-1). */
export const MAX_STREMIO_TOKENS = 5;
/** Items a catalog answers at most per request: Stremio's page (STREMIO-4). */
export const STREMIO_PAGE_SIZE = 100;

/** 409: the profile holds {@link MAX_STREMIO_TOKENS} addon tokens already. */
export const TOO_MANY_STREMIO_TOKENS = `A profile holds at most ${String(MAX_STREMIO_TOKENS)} addon links. Revoke one first.`;
/** 404: no addon token of that id on the active profile. */
export const STREMIO_TOKEN_NOT_FOUND = 'No such addon link.';
/** 404 of the addon: a wrong token, or a title, catalog or file the profile cannot reach. */
export const ADDON_NOT_FOUND = 'Not found';

/** The id of an addon token as the calls name it (not the token: that is never stored). */
const tokenIdSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? 'id is required' : 'id must be a string'),
  })
  .check(z.minLength(1, 'id is required'), z.maxLength(100, 'id is too long'));

/** One addon token of the active profile, as `GET /stremio/tokens` lists it. */
export const stremioTokenSchema = z.object({
  id: z.string(),
  /** When it was made, ISO 8601. */
  createdAt: z.string(),
  /** When the addon last answered through it, ISO 8601 (to the minute); null when never. */
  lastUsedAt: z.nullable(z.string()),
});
export type StremioToken = z.infer<typeof stremioTokenSchema>;

/** `GET /stremio/tokens` and the answer of a revoke: the active profile's tokens, oldest first. */
export const stremioTokensSchema = z.object({ tokens: z.array(stremioTokenSchema) });
export type StremioTokens = z.infer<typeof stremioTokensSchema>;

/**
 * `POST /stremio/tokens/create` -> the new token, shown this once: `manifestUrl` is the addon's
 * absolute address (`{origin}/pigo-stream/stremio/{token}/manifest.json`), `installUrl` the same
 * with the `stremio://` scheme, which opens Stremio's install dialog.
 */
export const createdStremioTokenSchema = z.object({
  id: z.string(),
  token: z.string(),
  manifestUrl: z.string(),
  installUrl: z.string(),
});
export type CreatedStremioToken = z.infer<typeof createdStremioTokenSchema>;

/** `POST /stremio/tokens/revoke` `{ id }`. */
export const revokeStremioTokenBodySchema = z.object({ id: tokenIdSchema }, BODY_OBJECT);
export type RevokeStremioTokenBody = z.infer<typeof revokeStremioTokenBodySchema>;

// The addon protocol's answers (Stremio's addon SDK documentation, docs/api/responses).

/** Stremio's content types this addon answers: `series` is a show (`tv`). */
export const ADDON_TYPES = ['movie', 'series'] as const;
export type AddonType = (typeof ADDON_TYPES)[number];

/** A catalog's extra property: `search`, `genre` or `skip` (with `options` for genres). */
export const manifestExtraSchema = z.object({
  name: z.enum(['search', 'genre', 'skip']),
  isRequired: z.optional(z.boolean()),
  options: z.optional(z.array(z.string())),
  optionsLimit: z.optional(z.number()),
});

/** A catalog of the manifest: `type`, `id` (unique per type), `name`, its `extra`. */
export const manifestCatalogSchema = z.object({
  type: z.enum(ADDON_TYPES),
  id: z.string(),
  name: z.string(),
  extra: z.optional(z.array(manifestExtraSchema)),
});

/** The manifest (`/manifest.json`): what the addon is and which requests it answers. */
export const addonManifestSchema = z.object({
  id: z.string(),
  version: z.string(),
  name: z.string(),
  description: z.string(),
  resources: z.array(z.string()),
  types: z.array(z.enum(ADDON_TYPES)),
  idPrefixes: z.array(z.string()),
  catalogs: z.array(manifestCatalogSchema),
  /** The addon's logo, a PNG. */
  logo: z.optional(z.string()),
  behaviorHints: z.optional(
    z.object({ adult: z.optional(z.boolean()), p2p: z.optional(z.boolean()) }),
  ),
});
export type AddonManifest = z.infer<typeof addonManifestSchema>;

/** How long Stremio may keep an answer, and serve it while fetching a newer one, in seconds. */
const cacheFields = {
  cacheMaxAge: z.optional(z.number()),
  staleRevalidate: z.optional(z.number()),
};

/** A title in a catalog (a meta preview): `poster` is required there. */
export const metaPreviewSchema = z.object({
  id: z.string(),
  type: z.enum(ADDON_TYPES),
  name: z.string(),
  poster: z.string(),
  background: z.optional(z.string()),
  description: z.optional(z.string()),
  /** The year, or for a show `2008-2013`, `2016-` while it runs. */
  releaseInfo: z.optional(z.string()),
  genres: z.optional(z.array(z.string())),
  /** The catalogue's vote average, 0.0 to 10.0, as text (the protocol's only rating field). */
  imdbRating: z.optional(z.string()),
});
export type MetaPreview = z.infer<typeof metaPreviewSchema>;

/** `/catalog/{type}/{id}[/{extra}].json`: up to {@link STREMIO_PAGE_SIZE} titles. */
export const catalogAnswerSchema = z.object({ metas: z.array(metaPreviewSchema), ...cacheFields });
export type CatalogAnswer = z.infer<typeof catalogAnswerSchema>;

/** One episode of a show's meta: id `{show id}:{season}:{episode}`. */
export const metaVideoSchema = z.object({
  id: z.string(),
  title: z.string(),
  season: z.number(),
  episode: z.number(),
  /**
   * The air date, ISO 8601. The SDK's documentation calls it required; Stremio's apps read it
   * as optional, and an episode without a known air date is answered without one.
   */
  released: z.optional(z.string()),
  thumbnail: z.optional(z.string()),
});
export type MetaVideo = z.infer<typeof metaVideoSchema>;

/** A title's details (the meta object). */
export const metaDetailSchema = z.object({
  ...metaPreviewSchema.shape,
  poster: z.optional(z.string()),
  /** The first release or air date, ISO 8601. */
  released: z.optional(z.string()),
  /** e.g. `136 min`. */
  runtime: z.optional(z.string()),
  cast: z.optional(z.array(z.string())),
  director: z.optional(z.array(z.string())),
  /** YouTube trailers: `{ source: videoId, type: 'Trailer' }`. */
  trailers: z.optional(z.array(z.object({ source: z.string(), type: z.literal('Trailer') }))),
  /** A show's episodes; absent for a movie, whose one video has the meta's id. */
  videos: z.optional(z.array(metaVideoSchema)),
});
export type MetaDetail = z.infer<typeof metaDetailSchema>;

/** `/meta/{type}/{id}.json`. */
export const metaAnswerSchema = z.object({ meta: metaDetailSchema, ...cacheFields });
export type MetaAnswer = z.infer<typeof metaAnswerSchema>;

/**
 * A stream: `url` (played by Stremio) or `externalUrl` (opened in a browser). `notWebReady`
 * tells Stremio's web player to play it through Stremio's streaming server; `filename` and
 * `videoSize` let subtitle addons find the file's subtitles; `bingeGroup` picks the same kind of
 * stream for the next episode.
 */
export const addonStreamSchema = z.object({
  name: z.string(),
  description: z.string(),
  url: z.optional(z.string()),
  externalUrl: z.optional(z.string()),
  behaviorHints: z.optional(
    z.object({
      notWebReady: z.optional(z.boolean()),
      filename: z.optional(z.string()),
      videoSize: z.optional(z.number()),
      bingeGroup: z.optional(z.string()),
    }),
  ),
});
export type AddonStream = z.infer<typeof addonStreamSchema>;

/** `/stream/{type}/{id}.json`: best first. */
export const streamsAnswerSchema = z.object({
  streams: z.array(addonStreamSchema),
  ...cacheFields,
});
export type StreamsAnswer = z.infer<typeof streamsAnswerSchema>;

/** A subtitle: `lang` an ISO 639-2 code where known, else the file's own tag. */
export const addonSubtitleSchema = z.object({
  id: z.string(),
  url: z.string(),
  lang: z.string(),
  label: z.optional(z.string()),
});
export type AddonSubtitle = z.infer<typeof addonSubtitleSchema>;

/** `/subtitles/{type}/{id}[/{extra}].json`. */
export const subtitlesAnswerSchema = z.object({
  subtitles: z.array(addonSubtitleSchema),
  ...cacheFields,
});
export type SubtitlesAnswer = z.infer<typeof subtitlesAnswerSchema>;
