/**
 * Drawn-art paths for images a record lacks. They sit beside TMDB `*_path` values and resolve
 * under the same `/pigo-stream/images/{size}` route, which draws them (images.routes.ts). The
 * catalogue and anime modules write them into their answers.
 */
export type ArtKind = 'poster' | 'backdrop' | 'still' | 'profile' | 'logo';

/** `/art/{kind}/{seed}.svg?t={label}&y={year}`: stable for the same inputs, so cacheable. */
export function artPath(kind: ArtKind, seed: string, label: string, year?: string | null): string {
  const params = new URLSearchParams({ t: label.slice(0, 120) });
  if (year) params.set('y', year.slice(0, 4));
  return `/art/${kind}/${encodeURIComponent(seed)}.svg?${params.toString()}`;
}

/** The stored path when there is one, else drawn art. */
export function imageOr(
  path: string | null | undefined,
  kind: ArtKind,
  seed: string,
  label: string,
  year?: string | null,
): string {
  return path ?? artPath(kind, seed, label, year);
}
