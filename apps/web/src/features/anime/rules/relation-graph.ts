/**
 * The anime relation graph (VALID-9 in docs/requirements.md): which related entries the anime view
 * lists, in which order. Relations are followed transitively: the entries related to the matched
 * entry, the entries related to those, and so on, along allowed edges only (the lookup fetches each
 * listed entry's own edges in rounds; see api/get-related-anime.ts). Relation types AniList adds
 * later are followed like OTHER (LIVE-4).
 */
import type { AnimeMedia, RelatedAnime } from '@pigostream/contracts';

/** Formats the graph follows (VALID-9). */
export const GRAPH_FORMATS: ReadonlySet<string> = new Set(['TV', 'MOVIE', 'OVA', 'ONA', 'SPECIAL']);

/**
 * Relation types the graph follows (VALID-9). AniList names ALTERNATIVE_VERSION 'ALTERNATIVE'
 * (and the local catalogue answers that name): both are accepted. Types outside
 * {@link ANILIST_RELATION_TYPES} are followed too ({@link isFollowedRelation}).
 */
export const GRAPH_RELATION_TYPES: ReadonlySet<string> = new Set([
  'PREQUEL',
  'SEQUEL',
  'PARENT',
  'SIDE_STORY',
  'ALTERNATIVE_VERSION',
  'ALTERNATIVE',
  'COMPILATION',
  'SUMMARY',
  'OTHER',
]);

/**
 * AniList's relation types (its MediaRelation enum, `relationType(version: 2)`) when VALID-9 was
 * written. Those outside {@link GRAPH_RELATION_TYPES} (ADAPTATION, CHARACTER, SPIN_OFF, SOURCE,
 * CONTAINS) are not followed.
 */
export const ANILIST_RELATION_TYPES: ReadonlySet<string> = new Set([
  'ADAPTATION',
  'PREQUEL',
  'SEQUEL',
  'PARENT',
  'SIDE_STORY',
  'CHARACTER',
  'SUMMARY',
  'ALTERNATIVE',
  'SPIN_OFF',
  'OTHER',
  'SOURCE',
  'COMPILATION',
  'CONTAINS',
]);

/**
 * Whether the graph follows an edge of `relationType` (VALID-9): one of
 * {@link GRAPH_RELATION_TYPES}, or a type AniList added after {@link ANILIST_RELATION_TYPES}
 * was written, followed like OTHER so its entry is shown, never dropped (LIVE-4). An edge
 * without a readable type (null) is not followed: it may be any of the excluded kinds.
 */
export function isFollowedRelation(relationType: string | null): boolean {
  if (relationType === null) return false;
  return GRAPH_RELATION_TYPES.has(relationType) || !ANILIST_RELATION_TYPES.has(relationType);
}

/** Whether an entry may be listed: type ANIME and one of {@link GRAPH_FORMATS} (VALID-9). */
export function isGraphEntry(entry: Pick<RelatedAnime, 'type' | 'format'>): boolean {
  return entry.type === 'ANIME' && entry.format !== null && GRAPH_FORMATS.has(entry.format);
}

/**
 * The related entries `media`'s edges lead to that the graph follows ({@link isFollowedRelation},
 * {@link isGraphEntry}), in edge order; edges without a node (null) are passed over.
 */
export function followedNodes(media: Pick<AnimeMedia, 'relations'>): RelatedAnime[] {
  const nodes: RelatedAnime[] = [];
  for (const { relationType, node } of media.relations?.edges ?? []) {
    if (node && isFollowedRelation(relationType) && isGraphEntry(node)) nodes.push(node);
  }
  return nodes;
}

/** The Related anime entry fields (DATA-13) of an Anime-info entry. */
export function toRelatedAnime(media: AnimeMedia): RelatedAnime {
  const { id, title, startDate, type, format, episodes, coverImage } = media;
  return { id, title, startDate, type, format, episodes, coverImage };
}

/** A date part for sorting: missing parts sort after known ones. */
function part(value: number | null | undefined): number {
  return value ?? Number.POSITIVE_INFINITY;
}

/**
 * Orders two entries by start date, earliest first (VALID-9); entries without a start year come
 * last, a missing month or day sorts after known ones, and ties go by AniList id.
 */
export function compareByStartDate(
  a: Pick<RelatedAnime, 'id' | 'startDate'>,
  b: Pick<RelatedAnime, 'id' | 'startDate'>,
): number {
  const da = a.startDate;
  const db = b.startDate;
  return (
    part(da?.year) - part(db?.year) ||
    part(da?.month) - part(db?.month) ||
    part(da?.day) - part(db?.day) ||
    a.id - b.id
  );
}

/** The relation graph and the entries whose own edges are not known yet. */
export interface RelationGraph {
  /** Listed entries, deduplicated by id, sorted by {@link compareByStartDate}. */
  relations: RelatedAnime[];
  /** Ids of listed entries missing from `known`: fetch them to follow the graph further. */
  unexpanded: number[];
}

/**
 * The relation graph around the matched entry `root` (VALID-8, VALID-9). `known` holds entries
 * whose own edges were fetched (null: fetched, but the source did not answer it). From `root`,
 * every edge of an allowed relation type to an allowed entry ({@link followedNodes}) adds that
 * entry and, when it is in `known`, its edges in turn (breadth first). `root` itself is listed when
 * it is an allowed entry: the default relation rule (the entry whose start date equals the release
 * date) picks it. At most `limit` entries are listed.
 */
export function buildRelationGraph(
  root: AnimeMedia,
  known: ReadonlyMap<number, AnimeMedia | null> = new Map(),
  limit = Number.POSITIVE_INFINITY,
): RelationGraph {
  const listed = new Map<number, RelatedAnime>();
  const unexpanded: number[] = [];
  if (isGraphEntry(root)) listed.set(root.id, toRelatedAnime(root));
  const queue: AnimeMedia[] = [root];
  const visited = new Set<number>([root.id]);
  while (queue.length > 0) {
    const media = queue.shift();
    if (!media) break;
    for (const node of followedNodes(media)) {
      if (visited.has(node.id) || listed.size >= limit) continue;
      visited.add(node.id);
      listed.set(node.id, node);
      const expanded = known.get(node.id);
      if (expanded) queue.push(expanded);
      else if (expanded === undefined) unexpanded.push(node.id);
    }
  }
  return { relations: [...listed.values()].sort(compareByStartDate), unexpanded };
}
