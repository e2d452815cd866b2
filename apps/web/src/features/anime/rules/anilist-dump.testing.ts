/**
 * Test input for the anime rules' unit tests: the real AniList records of
 * `../shared/data/anime/anilist_media_relations.jsonl` (read at test time, never copied into the
 * repository), turned into the Anime-info data the lookup answers (spec 3). The dump's edge nodes
 * carry only `id`, `title.romaji` and `type`; a node whose entry is in the dump gets that entry's
 * fields, as the anime-info call answers them, and the others keep what the dump gives.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AnimeMedia, RelatedAnime } from '@pigostream/contracts';

const repoRoot = path.resolve(import.meta.dirname, '../../../../../..');

/** Where the dump lives: `../shared/data/anime/` next to the repository. */
export const ANILIST_DUMP = path.resolve(
  repoRoot,
  '../shared/data/anime/anilist_media_relations.jsonl',
);

interface DumpNode {
  id: number;
  title: { romaji?: string | null };
  type?: string | null;
}

interface DumpRecord {
  id: number;
  title: { english?: string | null; romaji?: string | null };
  type: string | null;
  format: string | null;
  episodes: number | null;
  duration: number | null;
  description: string | null;
  startDate: { year: number | null; month: number | null; day: number | null } | null;
  coverImage: { large?: string | null } | null;
  relations: { edges: { relationType: string | null; node: DumpNode | null }[] } | null;
}

function related(r: DumpRecord): RelatedAnime {
  return {
    id: r.id,
    title: { english: r.title.english ?? null, romaji: r.title.romaji ?? null },
    startDate: r.startDate,
    type: r.type,
    format: r.format,
    episodes: r.episodes,
    coverImage: r.coverImage ? { large: r.coverImage.large ?? null } : null,
  };
}

/** Every record of the dump as Anime-info data, by AniList id. */
export function loadAnilistDump(): Map<number, AnimeMedia> {
  const records = readFileSync(ANILIST_DUMP, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as DumpRecord);
  const byId = new Map(records.map((r) => [r.id, r]));
  const out = new Map<number, AnimeMedia>();
  for (const r of records) {
    const edges = (r.relations?.edges ?? []).map(({ relationType, node }) => {
      if (!node) return { relationType, node: null };
      const full = byId.get(node.id);
      const partial: RelatedAnime = {
        id: node.id,
        title: { english: null, romaji: node.title.romaji ?? null },
        startDate: null,
        type: node.type ?? null,
        format: null,
        episodes: null,
        coverImage: null,
      };
      return { relationType, node: full ? related(full) : partial };
    });
    out.set(r.id, {
      ...related(r),
      type: r.type,
      duration: r.duration,
      description: r.description,
      relations: { edges },
    });
  }
  return out;
}
