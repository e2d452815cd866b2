/**
 * The preview of an uploaded file on the Import & export page (TRANSFER-3, TRANSFER-6 in
 * docs/requirements.md): what was read, the counts, and a table of its titles a page at a time,
 * with a choice for each uncertain one.
 */
import { useId, useState, type ReactNode } from 'react';
import type { ImportPreview, ImportPreviewItem } from '@pigostream/contracts';
import {
  candidateKey,
  candidateLabel,
  FORMAT_LABELS,
  LIST_LABELS,
  PREVIEW_PAGE_SIZE,
  previewRows,
  STATUS_LABELS,
  titleWithYear,
  type ImportChoices,
  type ItemFilter,
} from '../transfer-rules.ts';

/** Props of {@link ImportPreviewTable}. */
export interface ImportPreviewTableProps {
  preview: ImportPreview;
  choices: ImportChoices;
  /** Chooses candidate `key` ('' for Skip) for the item at `index`. */
  onChoose: (index: number, key: string) => void;
  /** While the import is sent: the choices are locked. */
  disabled: boolean;
  /** What goes between the counts and the table (the Import and Start over buttons). */
  children?: ReactNode;
}

const STATUS_STYLES: Record<ImportPreviewItem['status'], string> = {
  matched: 'text-emerald-300',
  uncertain: 'text-amber-300',
  'not-found': 'text-neutral-400',
};

/** 'line 7', 'lines 3, 9'. */
function linesText(lines: readonly number[]): string {
  return `${lines.length === 1 ? 'line' : 'lines'} ${lines.join(', ')}`;
}

/**
 * The format and rows read, the counts (matched, uncertain, not found), `children`, a filter by
 * status, and
 * a table of the titles ({@link PREVIEW_PAGE_SIZE} at first, 'Show more' adds as many): the
 * title and year as the file has them, the list it goes to, its status, and the catalogue title
 * it matched, or for an uncertain one a select of its candidates defaulting to Skip.
 */
export function ImportPreviewTable({
  preview,
  choices,
  onChoose,
  disabled,
  children,
}: ImportPreviewTableProps) {
  const filterId = useId();
  const [filter, setFilter] = useState<ItemFilter>('all');
  const [limit, setLimit] = useState(PREVIEW_PAGE_SIZE);
  const { rows, total } = previewRows(preview.items, filter, limit);
  const { counts } = preview;
  const n = (count: number) => count.toLocaleString('en');

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-neutral-300">
        Read as a <strong className="font-semibold">{FORMAT_LABELS[preview.format]}</strong> export:{' '}
        {n(preview.rows)} {preview.rows === 1 ? 'row' : 'rows'}, {n(preview.items.length)}{' '}
        {preview.items.length === 1 ? 'title' : 'titles'}.
      </p>
      <dl className="grid max-w-xl grid-cols-3 gap-2 sm:gap-3" aria-label="Matches">
        {(
          [
            ['Matched', counts.matched, 'matched'],
            ['Uncertain', counts.uncertain, 'uncertain'],
            ['Not found', counts.notFound, 'not-found'],
          ] as const
        ).map(([label, count, status]) => (
          <div
            key={status}
            data-testid={`count-${status}`}
            className="flex flex-col gap-0.5 rounded-lg border border-white/10 bg-white/5 px-3 py-2"
          >
            <dt className={`text-xs font-medium ${STATUS_STYLES[status]}`}>{label}</dt>
            <dd className="text-xl font-bold tabular-nums">{n(count)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-neutral-400">
        Matched titles are imported. For an uncertain one, choose the title it is, or leave it on
        Skip; titles not found are listed but not imported.
      </p>
      {children}
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={filterId} className="text-neutral-300">
          Show
        </label>
        <select
          id={filterId}
          value={filter}
          onChange={(event) => {
            setFilter(event.currentTarget.value as ItemFilter);
            setLimit(PREVIEW_PAGE_SIZE);
          }}
          className="rounded-md border border-white/15 bg-neutral-900 px-2 py-1.5"
        >
          <option value="all">All titles ({n(preview.items.length)})</option>
          <option value="matched">Matched ({n(counts.matched)})</option>
          <option value="uncertain">Uncertain ({n(counts.uncertain)})</option>
          <option value="not-found">Not found ({n(counts.notFound)})</option>
        </select>
      </div>
      <div className="overflow-x-auto rounded-lg border border-white/10">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Titles of {preview.fileName}</caption>
          <thead className="bg-white/5 text-xs text-neutral-400">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Title
              </th>
              <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                List
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Catalogue title
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/10">
            {rows.map(({ item, index }) => {
              const name = titleWithYear(item.title, item.year);
              return (
                <tr key={index} className="align-top">
                  <th scope="row" className="px-3 py-2 font-medium break-words">
                    {name}
                    <span className="block text-xs font-normal text-neutral-400">
                      <span className="sm:hidden">{LIST_LABELS[item.list]} · </span>
                      {linesText(item.lines)}
                    </span>
                  </th>
                  <td className="hidden px-3 py-2 text-neutral-300 sm:table-cell">
                    {LIST_LABELS[item.list]}
                  </td>
                  <td className={`px-3 py-2 whitespace-nowrap ${STATUS_STYLES[item.status]}`}>
                    {STATUS_LABELS[item.status]}
                  </td>
                  <td className="px-3 py-2 break-words">
                    {item.status === 'matched' && item.match && (
                      <span>{titleWithYear(item.match.title, item.match.year)}</span>
                    )}
                    {item.status === 'uncertain' && (
                      <select
                        aria-label={`Catalogue title for ${name}`}
                        value={choices.get(index) ?? ''}
                        disabled={disabled}
                        onChange={(event) => {
                          onChoose(index, event.currentTarget.value);
                        }}
                        className="w-full max-w-xs scroll-mb-28 rounded-md border border-white/15 bg-neutral-900 px-2 py-1.5 disabled:opacity-60"
                      >
                        <option value="">Skip</option>
                        {item.candidates.map((candidate) => (
                          <option key={candidateKey(candidate)} value={candidateKey(candidate)}>
                            {candidateLabel(candidate)}
                          </option>
                        ))}
                      </select>
                    )}
                    {item.status === 'not-found' && (
                      <span className="text-neutral-400">Not in the catalogue</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm text-neutral-400">
        <span>
          Showing {n(rows.length)} of {n(total)}
        </span>
        {rows.length < total && (
          <button
            type="button"
            onClick={() => {
              setLimit((current) => current + PREVIEW_PAGE_SIZE);
            }}
            className="rounded-md border border-white/15 bg-white/5 px-4 py-2 font-medium text-neutral-100 hover:bg-white/10"
          >
            Show more
          </button>
        )}
      </div>
    </div>
  );
}
