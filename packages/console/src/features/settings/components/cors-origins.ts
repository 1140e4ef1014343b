/** What the server accepts as an origin: `http(s)://host[:port]`, nothing after it (a trailing slash is dropped). */
const ORIGIN = /^https?:\/\/[^/?#\s]+\/?$/i;

/** The chips that are not origins, for the message under the field (the server checks again). */
export function notOrigins(chips: readonly string[]): string[] {
  return chips.filter((c) => !ORIGIN.test(c));
}

/** Characters that end a chip: whitespace, as the reference splits the typed text, and commas. */
export const ORIGIN_SPLIT = [' ', ',', '\n', '\t'];
