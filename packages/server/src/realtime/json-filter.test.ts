import { describe, expect, it } from 'vitest';
import { compileWhere, matchesWhere, parseFilter } from './where-filter.js';

describe('real-time filters over JSON columns', () => {
  const record = { name: 'Joe', profile: { age: 34, address: { city: 'New York' }, favoriteNumbers: [5, 7] } };

  it("reads values inside a JSON column by column->'$.path', as the database does", () => {
    for (const check of [
      (w: string) => matchesWhere(parseFilter(w), record),
      (w: string) => compileWhere(parseFilter(w))(record),
    ]) {
      expect(check("profile->'$.age' > 30")).toBe(true);
      expect(check("profile->'$.age' > 40")).toBe(false);
      expect(check("profile->'$.address.city' = 'New York'")).toBe(true);
      expect(check("profile->'$.favoriteNumbers[1]' = 7")).toBe(true);
      // A path that does not fit the document, or is malformed, matches nothing.
      expect(check("profile->'$.address[0]' = 'New York'")).toBe(false);
      expect(check("profile->'$.*' = 34")).toBe(false);
    }
  });
});
