/**
 * The Overview, cut at 250 characters with 'Read More' / 'Show Less' (PLAY-3 in
 * docs/requirements.md, LIMIT-10).
 */
import { useId, useState } from 'react';
import { cutOverview } from '../play-rules.ts';

/** The overview paragraph; longer than 250 characters it is cut, with a toggle below. */
export function OverviewText({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const shown = cutOverview(text, expanded);
  if (text.trim() === '') {
    return <p className="text-sm text-neutral-400">No overview available.</p>;
  }
  return (
    <div className="flex flex-col items-start gap-1">
      <p id={id} data-testid="overview" className="leading-relaxed text-neutral-200">
        {shown.text}
      </p>
      {shown.cut && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => {
            setExpanded((v) => !v);
          }}
          className="rounded text-sm font-semibold text-accent-soft hover:underline"
        >
          {expanded ? 'Show Less' : 'Read More'}
        </button>
      )}
    </div>
  );
}
