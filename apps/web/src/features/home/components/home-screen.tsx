/**
 * The Home screen (HOME-1..7 in docs/requirements.md, HOME-8..11): hero, Trending / Providers tabs,
 * search mode, toasts, content notices and the 'Server is not responding' modal; its state is
 * remembered in 'PigoStream.Local' (DATA-14, DATA-16).
 */
import type { Provider } from '@pigostream/contracts';
import { ServerErrorModal } from '../../../components/server-error-modal.tsx';
import { Toasts, type Toast } from '../../../components/toasts.tsx';
import { useLocalStore } from '../../../lib/local-store.ts';
import { useProviders } from '../api/get-providers.ts';
import { ContinueWatchingRow, NewEpisodesRow, UpNextRow } from '../../progress/index.ts';
import { useDelayedNotice } from '../../../lib/use-delayed-notice.ts';
import { useScrollMemory, type ScrollSlot } from '../../../lib/use-scroll-memory.ts';
import { useHero } from '../hooks/use-hero.ts';
import { useHomeStatus } from '../hooks/use-home-status.ts';
import { useWelcomeToast } from '../hooks/use-welcome-toast.ts';
import { HomeHero, HomeHeroSkeleton } from './home-hero.tsx';
import { HomeTabs } from './home-tabs.tsx';
import { ProviderPicker } from './provider-picker.tsx';
import { ProviderRows } from './provider-rows.tsx';
import { SearchBar } from './search-bar.tsx';
import { SearchResults } from './search-results.tsx';
import { TrendingRows } from './trending-rows.tsx';

/** Home's page scroll, kept across visits as 'PigoStream.Local' `pageScroll` (HOME-7). */
const PAGE_SCROLL: ScrollSlot = {
  key: 'home',
  // Nothing saved (0): the page is left where it is, e.g. where the user scrolled meanwhile.
  read: () => useLocalStore.getState().pageScroll || undefined,
  write: (px) => {
    useLocalStore.getState().set({ pageScroll: px });
  },
};

/** The remembered provider when it is still listed, otherwise the first (HOME-11). */
export function selectProvider(
  providers: readonly Provider[] | undefined,
  remembered: number | null,
): Provider | undefined {
  return providers?.find((p) => p.id === remembered) ?? providers?.[0];
}

/**
 * Home. In search mode: the search bar and the result rows. Otherwise: the hero (its backdrop
 * hidden while the search text is non-empty) and the remembered tab. A thin bar shows while
 * any grid loads; a failed grid opens the error modal; notices and the welcome show as toasts.
 * `uid` is the signed-in user's id (search history, recommendations).
 */
export function HomeScreen({ uid }: { uid: string | undefined }) {
  const activeGrid = useLocalStore((s) => s.activeGrid);
  const remembered = useLocalStore((s) => s.selectedProvider);
  const searchMode = useLocalStore((s) => s.showSearchBar);
  const query = useLocalStore((s) => s.triggerSearch);
  const searchText = useLocalStore((s) => s.searchQuery);
  const set = useLocalStore((s) => s.set);

  const providers = useProviders();
  const provider = selectProvider(providers.data, remembered);
  const status = useHomeStatus({ activeGrid, provider, searchMode, query });
  const hero = useHero(uid);
  const notice = useDelayedNotice(status.notice);
  const welcome = useWelcomeToast();
  useScrollMemory(PAGE_SCROLL, status.settled && (searchMode || !hero.isLoading));

  const toasts: Toast[] = [];
  if (welcome.welcome) toasts.push({ id: 'welcome', text: welcome.welcome, tone: 'success' });
  if (notice.notice) toasts.push({ id: 'notice', text: notice.notice, tone: 'info' });

  return (
    <div className="flex flex-col gap-6 pb-6">
      <title>Home · PigoStream</title>
      <h1 className="sr-only">Home</h1>
      {status.loading && (
        <div
          role="progressbar"
          aria-label="Loading content"
          className="fixed inset-x-0 top-14 z-30 h-0.5 animate-pulse bg-accent-soft"
        />
      )}

      {searchMode ? (
        <>
          <div className="sticky top-14 z-20 border-b border-white/5 bg-neutral-950/90 px-4 py-3 backdrop-blur md:px-8">
            <SearchBar uid={uid} />
          </div>
          <SearchResults query={query} />
        </>
      ) : (
        <>
          {hero.pick ? (
            <HomeHero pick={hero.pick} showBackdrop={searchText.trim() === ''} />
          ) : (
            hero.isLoading && <HomeHeroSkeleton />
          )}
          <ContinueWatchingRow uid={uid} />
          <UpNextRow uid={uid} />
          <NewEpisodesRow uid={uid} />
          <HomeTabs
            value={activeGrid}
            onChange={(grid) => {
              set({ activeGrid: grid });
            }}
            panels={{
              trending: <TrendingRows />,
              providers: (
                <>
                  <ProviderPicker
                    providers={providers.data}
                    selected={provider?.id}
                    isLoading={providers.isPending}
                    onSelect={(id) => {
                      set({ selectedProvider: id });
                    }}
                  />
                  <ProviderRows provider={provider} />
                </>
              ),
            }}
          />
        </>
      )}

      <Toasts
        toasts={toasts}
        onDismiss={(id) => {
          if (id === 'welcome') welcome.dismiss();
          else notice.dismiss();
        }}
      />
      <ServerErrorModal open={status.error !== null} message={status.error?.message} />
    </div>
  );
}
