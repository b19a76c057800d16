/** The ids in their new order after moving `id` one place up (-1) or down (+1); unchanged at the ends. */
export function moveInOrder({ ids, id, direction }: { ids: readonly string[]; id: string; direction: -1 | 1 }): string[] {
  const next = [...ids];
  const from = next.indexOf(id);
  const to = from + direction;
  if (from < 0 || to < 0 || to >= next.length) return next;
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
