/**
 * The ways the AniList stand-in's answers drift from AniList's documented shape, as live AniList
 * answers at times: applied to an `ok` answer for the app's query.
 */
type Json = Record<string, unknown>;

/**
 * Answers as live AniList gives them at times (LIVE-4 in docs/requirements.md; AniList's schema
 * makes every field but `Media.id` nullable), made from an `ok` answer for the app's query, on
 * every entry of every `Page.media` list and their relation edges:
 * - `null-media-entry`: a null entry in the page, in second place (the rest kept);
 * - `cover-absent`: no `coverImage` key at all;
 * - `cover-large-null`: `coverImage: { large: null }`;
 * - `start-date-parts-null`: `startDate: { year, month: null, day: null }`, as the dump's
 *   `.hack//INTERMEZZO` (1143) is dated;
 * - `start-date-null`: `startDate: null`;
 * - `int-as-string`: `episodes` and `duration` as numeric strings (`'26'`);
 * - `unreadable-int`: `episodes` as `'26 episodes'`;
 * - `unknown-relation-type`: the first edge to an ANIME entry typed `'TRANSFORMATION'`, a type
 *   AniList's MediaRelation does not have (yet);
 * - `null-relation-node`: one more edge, `{ relationType: 'SEQUEL', node: null }`;
 * - `extra-fields`: AniList fields the query did not select (`isAdult`, `siteUrl`,
 *   `coverImage.color`, the edge's `id`).
 */
export type AnilistDrift =
  | 'null-media-entry'
  | 'cover-absent'
  | 'cover-large-null'
  | 'start-date-parts-null'
  | 'start-date-null'
  | 'int-as-string'
  | 'unreadable-int'
  | 'unknown-relation-type'
  | 'null-relation-node'
  | 'extra-fields';

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Changes one answered media entry (and its edges) as `drift` says; see {@link AnilistDrift}. */
function driftEntry(entry: Json, drift: AnilistDrift): void {
  const edges =
    isRecord(entry.relations) && Array.isArray(entry.relations.edges)
      ? (entry.relations.edges as Json[])
      : [];
  switch (drift) {
    case 'cover-absent':
      delete entry.coverImage;
      break;
    case 'cover-large-null':
      entry.coverImage = { large: null };
      break;
    case 'start-date-parts-null':
      if (isRecord(entry.startDate))
        entry.startDate = { ...entry.startDate, month: null, day: null };
      break;
    case 'start-date-null':
      entry.startDate = null;
      break;
    case 'int-as-string':
      for (const key of ['episodes', 'duration']) {
        if (typeof entry[key] === 'number') entry[key] = String(entry[key]);
      }
      break;
    case 'unreadable-int':
      if (typeof entry.episodes === 'number') entry.episodes = `${String(entry.episodes)} episodes`;
      break;
    case 'unknown-relation-type': {
      const edge = edges.find((e) => isRecord(e.node) && e.node.type === 'ANIME');
      if (edge) edge.relationType = 'TRANSFORMATION';
      break;
    }
    case 'null-relation-node':
      if (edges[0]) edges.push({ ...edges[0], relationType: 'SEQUEL', node: null });
      break;
    case 'extra-fields':
      entry.isAdult = false;
      entry.siteUrl = `https://anilist.co/anime/${String(entry.id)}`;
      if (isRecord(entry.coverImage)) entry.coverImage.color = '#f1785d';
      for (const [i, edge] of edges.entries()) edge.id = 9_000 + i;
      break;
    case 'null-media-entry':
      break;
  }
}

/** Makes `data`, an answer to the app's query, drift as {@link AnilistDrift} says. */
export function applyDrift(data: Json, drift: AnilistDrift): void {
  for (const page of Object.values(data)) {
    if (!isRecord(page) || !Array.isArray(page.media)) continue;
    const media = page.media as Json[];
    for (const entry of media) driftEntry(entry, drift);
    if (drift === 'null-media-entry') (media as (Json | null)[]).splice(1, 0, null);
  }
}
