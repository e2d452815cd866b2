/** `/index`: Home (spec 2). Today the Trending rows; hero, tabs and search come later. */
import { TrendingRows } from '../../features/home/components/trending-rows.tsx';

/** The Home screen. */
export function Component() {
  return (
    <div className="flex flex-col gap-6 pt-6">
      <title>Home · PigoStream</title>
      <h1 className="sr-only">Home</h1>
      <TrendingRows />
    </div>
  );
}
