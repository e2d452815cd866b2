/**
 * A plain screen that says what happened: the not-found screen, the app's error screen and the
 * play page's bad link.
 */
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A centred panel: `icon`, the screen's `title` as its h1 (also the document title), `children`
 * as the explanation, and an optional `action` (a link or button) below.
 */
export function PlaceholderScreen({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-16 text-center">
      <title>{`${title} · PigoStream`}</title>
      <span className="flex size-14 items-center justify-center rounded-full bg-white/5 text-accent-soft">
        <Icon className="size-7" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{title}</h1>
      <div className="flex flex-col gap-2 text-neutral-300">{children}</div>
      {action}
    </div>
  );
}
