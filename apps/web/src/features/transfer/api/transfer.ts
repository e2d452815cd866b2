/**
 * Import and export calls (TRANSFER-3 in docs/requirements.md; `@pigostream/contracts`'
 * transfer.ts): the preview of an uploaded file and the import of the titles the user confirmed.
 * Both name the signed-in user; the server answers 403 for anyone else. The export is a plain link
 * (transfer-rules.ts' `exportHref`), downloaded by the browser.
 */
import {
  importPreviewSchema,
  importResultSchema,
  type ImportEntry,
  type ImportPreview,
  type ImportResult,
} from '@pigostream/contracts';
import { APPLY_IMPORT, PREVIEW_IMPORT } from '@pigostream/contracts/endpoints';
import { callEndpoint } from '../../../lib/endpoint-call.ts';

/**
 * `POST /pigo-stream/transfer/preview-import` with `{ userUID, fileName, content }` (`content`
 * the file's text): what the file holds and how each title matched the catalogue. Writes
 * nothing. One attempt; `signal` cancels it.
 * @throws ApiError: 400 with the server's `detail` naming the file's line, 413 for a file over
 *   20 MB, else an ERR-1 message.
 */
export function previewImport(
  userUID: string,
  fileName: string,
  content: string,
  signal?: AbortSignal,
): Promise<ImportPreview> {
  return callEndpoint(
    PREVIEW_IMPORT,
    { body: { userUID, fileName, content } },
    importPreviewSchema,
    { signal },
  );
}

/**
 * `POST /pigo-stream/transfer/apply-import` with `{ userUID, entries }`: writes the confirmed
 * titles in one transaction and answers `{ ok, myList, watchHistory, episodes }` counts.
 * Importing the same entries again adds nothing. One attempt.
 * @throws ApiError: 400 with the server's `detail` (an entry the catalogue does not know), else
 *   an ERR-1 message.
 */
export function applyImport(
  userUID: string,
  entries: readonly ImportEntry[],
): Promise<ImportResult> {
  return callEndpoint(APPLY_IMPORT, { body: { userUID, entries } }, importResultSchema);
}
