/** The Trending / Providers tabs of Home (spec 2 Home, spec 4: default trending, remembered). */
import { Flame, Tv } from 'lucide-react';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { ActiveGrid } from '../../../lib/local-store.ts';

const TABS: readonly { value: ActiveGrid; label: string; icon: typeof Flame }[] = [
  { value: 'trending', label: 'Trending', icon: Flame },
  { value: 'providers', label: 'Providers', icon: Tv },
];

/** Id of the tab element for `value`; its panel is labelled by it. */
export function homeTabId(value: ActiveGrid): string {
  return `home-tab-${value}`;
}

/** Id of the panel element for `value`. */
export function homePanelId(value: ActiveGrid): string {
  return `home-panel-${value}`;
}

/**
 * An ARIA tablist with the tabs Trending and Providers; `value` is the selected one and
 * `onChange` picks another. Arrow keys, Home and End move between tabs (roving tab index).
 */
export function HomeTabs({
  value,
  onChange,
}: {
  value: ActiveGrid;
  onChange: (value: ActiveGrid) => void;
}) {
  const refs = useRef<Partial<Record<ActiveGrid, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((t) => t.value === value);
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    const tab = TABS[next];
    if (!tab) return;
    event.preventDefault();
    onChange(tab.value);
    refs.current[tab.value]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="Browse"
      onKeyDown={onKeyDown}
      className="mx-4 flex w-fit gap-1 rounded-full bg-white/5 p-1 ring-1 ring-white/10 md:mx-8"
    >
      {TABS.map(({ value: tab, label, icon: Icon }) => {
        const selected = tab === value;
        return (
          <button
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={homeTabId(tab)}
            aria-selected={selected}
            aria-controls={homePanelId(tab)}
            tabIndex={selected ? 0 : -1}
            onClick={() => {
              onChange(tab);
            }}
            className={`inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold transition-colors ${
              selected
                ? 'bg-accent text-white shadow'
                : 'text-neutral-300 hover:bg-white/10 hover:text-white'
            }`}
          >
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of tab `value`, labelled by its tab. */
export function HomeTabPanel({ value, children }: { value: ActiveGrid; children: ReactNode }) {
  return (
    <div
      role="tabpanel"
      id={homePanelId(value)}
      aria-labelledby={homeTabId(value)}
      className="flex flex-col gap-8"
    >
      {children}
    </div>
  );
}
