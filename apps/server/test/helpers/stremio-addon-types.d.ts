/**
 * The slices of Stremio's published addon packages (which ship no types) that stremio.test.ts
 * uses: the linter's manifest check and the client's addon detection and requests.
 */
declare module 'stremio-addon-linter' {
  export interface LintResult {
    valid: boolean;
    errors: Error[];
    warnings: Error[];
  }
  /** Checks a manifest as the protocol's clients do. */
  export function lintManifest(manifest: unknown): LintResult;
}

declare module 'stremio-addon-client' {
  /** An addon as the client sees it: its manifest, and its resources by request. */
  export interface AddonClient {
    manifest: {
      catalogs: { type: string; id: string; extra?: { name: string; isRequired?: boolean }[] }[];
    } & Record<string, unknown>;
    transportUrl: string;
    /** `/{resource}/{type}/{id}[/{extra}].json`, its JSON answer; rejects on 404 and other errors. */
    get(
      resource: string,
      type: string,
      id: string,
      extra?: Record<string, unknown>,
    ): Promise<unknown>;
    isSupported(resource: string, type: string, id: string): boolean;
  }
  /** What a URL is; rejects when it is no addon or its manifest fails the linter. */
  export function detectFromURL(url: string): Promise<{ addon?: AddonClient }>;
}
