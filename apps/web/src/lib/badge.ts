/** A count as a small badge shows it (the menu button and the sidebar's New Episodes entry). */
export function badgeText(count: number): string {
  return count > 9 ? '9+' : String(count);
}
