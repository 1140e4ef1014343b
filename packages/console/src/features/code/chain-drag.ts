/** Where a list index lands for a pointer at `y`: the row under it, else the row nearest to it. */
export function indexAt(rects: { top: number; bottom: number }[], y: number): number {
  let best = 0;
  let bestDistance = Infinity;
  rects.forEach((r, i) => {
    const distance = y >= r.top && y < r.bottom ? -1 : Math.abs(y - (r.top + r.bottom) / 2);
    if (distance < bestDistance) {
      best = i;
      bestDistance = distance;
    }
  });
  return best;
}
