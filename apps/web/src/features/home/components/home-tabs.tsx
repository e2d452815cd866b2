/**
 * The Trending / Providers tabs of Home (HOME-4 in docs/requirements.md, HOME-4, HOME-11: default
 * trending, remembered).
 */
import * as Tabs from '@radix-ui/react-tabs';
import { Flame, Tv } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ActiveGrid } from '../../../lib/local-store.ts';

const TABS: readonly { value: ActiveGrid; label: string; icon: typeof Flame }[] = [
  { value: 'trending', label: 'Trending', icon: Flame },
  { value: 'providers', label: 'Providers', icon: Tv },
];

/** Whether `value` is one of the tabs (Radix reports the chosen tab as a string). */
function isActiveGrid(value: string): value is ActiveGrid {
  return TABS.some((tab) => tab.value === value);
}

/**
 * Radix tabs 'Browse': Trending and Providers, `value` the selected one, `onChange` picking
 * another (on click, or as arrow keys, Home and End move the focus between the tabs). Only the
 * selected tab's panel (`panels[value]`) is rendered, labelled by its tab.
 */
export function HomeTabs({
  value,
  onChange,
  panels,
}: {
  value: ActiveGrid;
  onChange: (value: ActiveGrid) => void;
  panels: Record<ActiveGrid, ReactNode>;
}) {
  return (
    <Tabs.Root
      value={value}
      onValueChange={(next) => {
        if (isActiveGrid(next)) onChange(next);
      }}
      className="flex flex-col gap-6"
    >
      <Tabs.List
        aria-label="Browse"
        className="mx-4 flex w-fit gap-1 rounded-full bg-white/5 p-1 ring-1 ring-white/10 md:mx-8"
      >
        {TABS.map(({ value: tab, label, icon: Icon }) => (
          <Tabs.Trigger
            key={tab}
            value={tab}
            className="inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold text-neutral-300 transition-colors hover:bg-white/10 hover:text-white data-[state=active]:bg-accent data-[state=active]:text-white data-[state=active]:shadow"
          >
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {TABS.map(({ value: tab }) => (
        <Tabs.Content key={tab} value={tab} className="flex flex-col gap-8">
          {panels[tab]}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
