/**
 * The fixed provider list (LIMIT-18 in docs/requirements.md; DEC-5 in docs/decisions.md): id, name,
 * region, and the logo background. Crunchyroll's canonical id is 283; 12 is accepted as an alias.
 */
export interface ProviderEntry {
  id: number;
  name: string;
  region: string;
  bg: 'dark' | 'white';
}

export const PROVIDERS: readonly ProviderEntry[] = [
  { id: 8, name: 'Netflix', region: 'IN', bg: 'dark' },
  { id: 9, name: 'Amazon Prime', region: 'US', bg: 'dark' },
  { id: 337, name: 'Disney+', region: 'US', bg: 'dark' },
  { id: 350, name: 'Apple TV+', region: 'US', bg: 'white' },
  { id: 15, name: 'Hulu', region: 'US', bg: 'white' },
  { id: 2074, name: 'Lionsgate', region: 'IN', bg: 'dark' },
  { id: 2180, name: 'Sony Pictures', region: 'IN', bg: 'white' },
  { id: 531, name: 'Paramount+', region: 'US', bg: 'white' },
  { id: 1825, name: 'Max', region: 'US', bg: 'dark' },
  { id: 526, name: 'AMC+', region: 'US', bg: 'dark' },
  { id: 123, name: 'FXNow', region: 'US', bg: 'white' },
  { id: 283, name: 'Crunchyroll', region: 'US', bg: 'dark' },
];

/** Provider id aliases: the spec gives Crunchyroll as both 12 and 283. */
export const PROVIDER_ALIASES: Readonly<Record<number, number>> = { 12: 283 };

/** The canonical provider for an id or alias, or undefined. */
export function findProvider(id: number): ProviderEntry | undefined {
  const canonical = PROVIDER_ALIASES[id] ?? id;
  return PROVIDERS.find((p) => p.id === canonical);
}
