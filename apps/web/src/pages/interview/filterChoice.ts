/**
 * "The multi-select keeps only the newly chosen value" (administration.md 5): picking a value
 * replaces the previous one; removing a chip clears it.
 */
export function keepNewest<T>(previous: T[], next: T[]): T[] {
  const added = next.filter((item) => !previous.includes(item));
  return added.length > 0 ? [added[added.length - 1]!] : next.slice(-1);
}
