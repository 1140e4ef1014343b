/** The level a developer with `xp` has reached (levels sorted by the XP they need, the first at 0). */
export function levelOf<L extends { level: number; xp: number }>(levels: L[], xp: number): L {
  let at = levels[0];
  for (const l of levels) if (xp >= l.xp) at = l;
  return at;
}

/** The level after `level`, or null at the top. */
export function nextLevelOf<L extends { level: number; xp: number }>(levels: L[], level: L): L | null {
  return levels.find((l) => l.xp > level.xp) ?? null;
}
