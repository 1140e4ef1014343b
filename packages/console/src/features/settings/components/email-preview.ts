/** `{key}` or `{{key}}` as the server reads them (modules/email/templates.ts). */
const KEY = /\{\{\s*([A-Za-z_][\w.-]{0,99})\s*\}\}|\{\s*([A-Za-z_][\w.-]{0,99})\s*\}/g;

/** Sample values a preview fills the variables with. */
export function sampleValues(appName: string): Record<string, string> {
  return {
    app_name: appName,
    email: 'ada@example.com',
    confirmation_url: 'https://example.com/confirm-email?token=…',
    reset_url: 'https://example.com/password-reset?token=…',
    name: 'Ada',
  };
}

/** The text with known variables filled in; unknown ones stay visible as they are written. */
export function fillPreview(text: string, values: Record<string, string>): string {
  return text.replace(KEY, (whole, a: string | undefined, b: string | undefined) => {
    const key = (a ?? b)!;
    return Object.hasOwn(values, key) ? values[key] : whole;
  });
}

/** The variables of the texts, each once. */
export function variablesOf(...texts: string[]): string[] {
  const seen = new Set<string>();
  for (const t of texts) for (const m of t.matchAll(KEY)) seen.add(m[1] ?? m[2]);
  return [...seen];
}
