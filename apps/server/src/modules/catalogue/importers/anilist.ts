/**
 * Importer for `anime/anilist_media_relations.jsonl`: raw AniList `Media` objects with their
 * relation edges. Edges may point outside the file, so each keeps its node's romaji title and
 * type.
 */
import { z } from 'zod';
import type { Database } from '@pigostream/db';
import { idSchema, optInt, optText } from './common.ts';
import { runImport, type AnimeItem, type ImportOptions, type ImportSummary } from './runner.ts';

const fuzzyDate = z
  .object({ year: optInt, month: optInt, day: optInt })
  .nullish()
  .transform((d) => d ?? { year: null, month: null, day: null });

const schema = z.object({
  id: idSchema,
  idMal: optInt,
  title: z.object({ romaji: optText, english: optText, native: optText }),
  type: optText,
  format: optText,
  status: optText,
  description: optText,
  startDate: fuzzyDate,
  episodes: optInt,
  duration: optInt,
  coverImage: z.object({ large: optText }).nullish(),
  genres: z.array(z.string()).nullish(),
  averageScore: optInt,
  popularity: optInt,
  relations: z
    .object({
      edges: z
        .array(
          z.object({
            relationType: optText,
            node: z
              .object({
                id: idSchema,
                title: z.object({ romaji: optText }).nullish(),
                type: optText,
              })
              .nullish(),
          }),
        )
        .nullish(),
    })
    .nullish(),
});

function toItem(m: z.output<typeof schema>): AnimeItem {
  return {
    entry: {
      id: m.id,
      idMal: m.idMal,
      titleEnglish: m.title.english,
      titleRomaji: m.title.romaji,
      titleNative: m.title.native,
      type: m.type ?? 'ANIME',
      format: m.format,
      status: m.status,
      episodes: m.episodes,
      duration: m.duration,
      startYear: m.startDate.year,
      startMonth: m.startDate.month,
      startDay: m.startDate.day,
      description: m.description,
      // AniList's own `large` size, which the local AniList-shaped API answers as coverImage.large.
      coverImageLarge: m.coverImage?.large ?? null,
      averageScore: m.averageScore,
      popularity: m.popularity,
      genres: (m.genres ?? []).filter((g) => g.trim() !== ''),
    },
    relations: (m.relations?.edges ?? []).flatMap((e) =>
      e.node && e.relationType !== null
        ? [
            {
              mediaId: m.id,
              nodeId: e.node.id,
              relationType: e.relationType,
              nodeTitleRomaji: e.node.title?.romaji ?? null,
              nodeType: e.node.type,
            },
          ]
        : [],
    ),
  };
}

/**
 * Imports the AniList dump (JSON lines) into `anime_media` and `anime_relations`.
 * @param filePath path of `anilist_media_relations.jsonl`
 * @returns the import summary (`anime` counts and `relationsAdded`)
 * @throws when the file cannot be read or the database fails as a whole
 */
export function importAnilist(
  db: Database,
  filePath: string,
  options?: ImportOptions,
): Promise<ImportSummary> {
  return runImport(
    db,
    filePath,
    { name: 'anilist', format: 'jsonl', schema, map: toItem },
    options,
  );
}
