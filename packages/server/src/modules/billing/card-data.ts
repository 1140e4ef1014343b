/** Whether a run of digits passes the Luhn check that every card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Runs of digits with single spaces or dashes between them (how people type card numbers). */
const RUN = /\d+(?:[ -]\d+)*/g;

/**
 * A run is a card number when its digits (13–19 of them) pass Luhn; a longer run (a number typed
 * with its expiry or code after it) is looked at group by group: every sequence of its groups
 * with 13–19 digits. One long digit string (an id, a hash) is not a card.
 */
function textHasCard(text: string): boolean {
  for (const m of text.matchAll(RUN)) {
    const groups = m[0].split(/[ -]/);
    const all = groups.join('');
    if (all.length < 13) continue;
    if (all.length <= 19) {
      if (luhnValid(all)) return true;
      continue;
    }
    for (let from = 0; from < groups.length; from++) {
      let digits = '';
      for (let to = from; to < groups.length; to++) {
        digits += groups[to];
        if (digits.length > 19) break;
        if (digits.length >= 13 && luhnValid(digits)) return true;
      }
    }
  }
  return false;
}

/**
 * Whether anything in a request body looks like a card number: a Luhn-valid run of 13–19 digits
 * in any key, text or number, at any depth (decision 0089). Cards are entered only on the
 * provider's own page; a body holding one is refused and nothing of it is kept or logged.
 */
export function holdsCardNumber(value: unknown, depth = 0): boolean {
  if (depth > 20) return false;
  if (typeof value === 'string') return textHasCard(value);
  if (typeof value === 'number' || typeof value === 'bigint') return textHasCard(String(value));
  if (Array.isArray(value)) return value.some((v) => holdsCardNumber(v, depth + 1));
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => textHasCard(k) || holdsCardNumber(v, depth + 1));
  return false;
}
