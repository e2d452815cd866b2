/**
 * A full-screen loading overlay (AUTH-1 in docs/requirements.md: while the sign-in state is found).
 */
import { LoaderCircle } from 'lucide-react';

/** Covers the screen with a spinner and `label`, announced as a status. */
export function LoadingOverlay({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="fixed inset-0 z-40 flex flex-col items-center justify-center gap-4 bg-neutral-950/90 backdrop-blur-sm"
    >
      <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-accent-soft" />
      <p className="text-sm text-neutral-300">{label}</p>
    </div>
  );
}
