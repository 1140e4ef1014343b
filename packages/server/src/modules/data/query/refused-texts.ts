import { WhereSyntaxError, parseWhere, type Condition } from '@basalt/shared';

/** Clause texts shorter than this parse in well under a millisecond: not worth remembering. */
const LONG = 1_000;
/** Refused texts kept, all apps together; the oldest goes first. */
const MAX_ENTRIES = 64;

/**
 * Where and having texts the parser refused lately, with the error it gave. One request parses
 * its where twice (for the tables its relation paths reach, then to compile it or to check the
 * clauses of a caller who may read no row), and a refused text of hundreds of thousands of characters (an IN list past
 * its 10,000 values, a chain past its 1,000 comparisons) costs milliseconds of event loop each
 * time, again for every request that repeats it. The parser has no state and no clock, so a text
 * it refused once it refuses again, with the same error: it is thrown again without reading the
 * text. Only refusals are kept (the trees of valid texts go on to be compiled and must stay the
 * caller's own), and only long texts.
 */
const refused = new Map<string, WhereSyntaxError>();

export function parseWhereOnce(text: string | null | undefined): Condition | null {
  if (typeof text !== 'string' || text.length < LONG) return parseWhere(text);
  const known = refused.get(text);
  if (known) throw known;
  try {
    return parseWhere(text);
  } catch (err) {
    if (err instanceof WhereSyntaxError) {
      if (refused.size >= MAX_ENTRIES) refused.delete(refused.keys().next().value!);
      refused.set(text, err);
    }
    throw err;
  }
}
