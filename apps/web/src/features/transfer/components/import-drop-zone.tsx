/**
 * The Import & export page's file chooser (TRANSFER-6 in docs/requirements.md): a file input and a
 * drop target.
 */
import { FileUp } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { TRANSFER_MESSAGES } from '../transfer-rules.ts';

/** Props of {@link ImportDropZone}. */
export interface ImportDropZoneProps {
  /** A file was chosen or dropped. */
  onFile: (file: File) => void;
  /** Something other than one file was dropped: the message to show. */
  onRefuse: (message: string) => void;
  /** Receives the file input (the page focuses it after Start over). */
  inputRef?: (input: HTMLInputElement | null) => void;
}

/**
 * A dashed zone taking one `.csv`, `.txt` (a spreadsheet's Unicode text) or `.json` file: a
 * real `<input type="file">` labelled 'Choose a file' (keyboard: Tab to it, Enter or Space
 * opens the picker; its label shows the focus ring), or one file dragged onto the zone. The size is checked by the caller.
 */
export function ImportDropZone({ onFile, onRefuse, inputRef }: ImportDropZoneProps) {
  const inputId = useId();
  const hintId = useId();
  const [over, setOver] = useState(false);
  const dragging = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };

  return (
    <div
      onDragEnter={dragging}
      onDragOver={dragging}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const { files } = event.dataTransfer;
        const file = files[0];
        if (files.length === 1 && file) onFile(file);
        else onRefuse(TRANSFER_MESSAGES.notAFile);
      }}
      data-testid="import-drop-zone"
      className={`flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors md:py-10 ${
        over ? 'border-accent-soft bg-accent/10' : 'border-white/20 bg-white/5'
      }`}
    >
      <FileUp aria-hidden="true" className="size-8 text-neutral-400" />
      <p className="text-sm text-neutral-200">Drop an export here, or</p>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept=".csv,.txt,.json"
        aria-describedby={hintId}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared, so choosing the same file again is a change too.
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
        className="peer sr-only"
      />
      <label
        htmlFor={inputId}
        className="cursor-pointer rounded-md bg-accent px-4 py-2 text-sm font-semibold text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-soft hover:bg-rose-500"
      >
        Choose a file
      </label>
      <p id={hintId} className="text-xs text-neutral-400">
        One .csv, .txt or .json file, up to 20 MB.
      </p>
    </div>
  );
}
