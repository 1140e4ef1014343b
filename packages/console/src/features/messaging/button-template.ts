export const MAX_BUTTONS = 4;

/** One action button of an interactive notification. */
export interface ButtonAction {
  id: string;
  title: string;
  /** Opening the app in the foreground (iOS `foreground`, Android launches the activity). */
  opensApp: boolean;
}

/** A button template as stored: a name, its platform, and its actions. */
export interface ButtonTemplate {
  name: string;
  platform?: string;
  actions: ButtonAction[];
}

/** Reads a stored template leniently: templates created through the API may lack `actions`. */
export function readButtonTemplate(doc: Record<string, unknown>): ButtonTemplate {
  const raw = Array.isArray(doc.actions) ? doc.actions : [];
  const actions = raw
    .filter((a): a is Record<string, unknown> => typeof a === 'object' && a !== null)
    .map((a) => ({ id: String(a.id ?? ''), title: String(a.title ?? ''), opensApp: a.opensApp === true }));
  return {
    name: String(doc.name ?? ''),
    platform: typeof doc.platform === 'string' ? doc.platform : undefined,
    actions,
  };
}

/** What is wrong with a draft, per field, before it is sent. */
export function checkButtonTemplate(t: ButtonTemplate): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!t.name.trim()) errors.name = 'Give the template a name';
  else if (/[/\\]/.test(t.name)) errors.name = 'A name cannot contain slashes';
  if (!t.actions.length) errors.actions = 'Add at least one button';
  if (t.actions.length > MAX_BUTTONS) errors.actions = `At most ${MAX_BUTTONS} buttons (the most iOS shows)`;
  const ids = new Set<string>();
  t.actions.forEach((a, i) => {
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(a.id)) errors[`actions.${i}.id`] = 'Letters, digits, _, . or -';
    else if (ids.has(a.id)) errors[`actions.${i}.id`] = 'Ids must differ';
    ids.add(a.id);
    if (!a.title.trim()) errors[`actions.${i}.title`] = 'Say what the button reads';
  });
  return errors;
}
