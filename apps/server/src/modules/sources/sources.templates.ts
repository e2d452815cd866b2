/**
 * Link templates from SOURCES_FILE: a JSON array of `{ name, movie?, tv? }` whose templates are
 * http(s) URLs with `{id}` (TMDB id), and for tv `{season}` and `{episode}` placeholders, e.g.
 * `{ "name": "Example", "movie": "https://example.com/movie/{id}",
 *    "tv": "https://example.com/tv/{id}/{season}/{episode}" }`.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Server, ServersQuery } from '@pigostream/contracts';

/** Placeholders a template may use; any other `{...}` is a configuration error. */
const PLACEHOLDERS = ['id', 'season', 'episode'] as const;

function templateSchema(kind: 'movie' | 'tv') {
  const allowed: readonly string[] = kind === 'movie' ? ['id'] : PLACEHOLDERS;
  return z
    .string()
    .regex(/^https?:\/\/\S+$/, `${kind} must be an http(s) URL template`)
    .refine(
      (t) => [...t.matchAll(/\{([^}]*)\}/g)].every((m) => allowed.includes(m[1] ?? '')),
      `${kind} may only use the placeholders ${allowed.map((p) => `{${p}}`).join(', ')}`,
    )
    .optional();
}

const entrySchema = z
  .object({
    name: z.string().trim().min(1, 'name must not be empty').max(100),
    movie: templateSchema('movie'),
    tv: templateSchema('tv'),
  })
  .strict()
  .refine((e) => e.movie !== undefined || e.tv !== undefined, 'needs a movie or a tv template');

/** One validated SOURCES_FILE entry. */
export type LinkTemplate = z.infer<typeof entrySchema>;

/**
 * Reads and validates SOURCES_FILE.
 * @throws Error naming the file and the entry (index and name) at fault: unreadable file, not
 *   JSON, not an array, a bad entry, or a name used twice.
 */
export function loadLinkTemplates(file: string): LinkTemplate[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`SOURCES_FILE ${file}: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
  if (!Array.isArray(raw)) throw new Error(`SOURCES_FILE ${file}: must be a JSON array`);
  const seen = new Set<string>();
  return raw.map((item: unknown, index) => {
    const parsed = entrySchema.safeParse(item);
    const label =
      typeof item === 'object' && item !== null && 'name' in item && typeof item.name === 'string'
        ? ` ("${item.name}")`
        : '';
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) =>
        i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message,
      );
      throw new Error(`SOURCES_FILE ${file}: entry ${index}${label}: ${problems.join('; ')}`);
    }
    if (seen.has(parsed.data.name)) {
      throw new Error(`SOURCES_FILE ${file}: entry ${index}${label}: name is used twice`);
    }
    seen.add(parsed.data.name);
    return parsed.data;
  });
}

/** Fills one template; values are URL-encoded. */
function fill(template: string, values: Record<string, number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? encodeURIComponent(String(values[key])) : whole,
  );
}

/** The servers the templates give for a title (templates without its type are skipped). */
export function templateServers(templates: LinkTemplate[], query: ServersQuery): Server[] {
  const out: Server[] = [];
  for (const t of templates) {
    const template = query.type === 'movie' ? t.movie : t.tv;
    if (template === undefined) continue;
    const values: Record<string, number> =
      query.type === 'movie'
        ? { id: query.id }
        : { id: query.id, season: query.season, episode: query.episode };
    out.push({ server_name: t.name, server_link: fill(template, values) });
  }
  return out;
}
