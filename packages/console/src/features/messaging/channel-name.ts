const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** Why a channel name would be refused: it travels raw in app API URLs. */
export function channelNameProblem(name: string): string | undefined {
  if (!name) return 'Enter a channel name';
  if (name.length > 100) return 'Use at most 100 characters';
  if (!NAME.test(name)) return 'Use letters, digits, _, . and -; start with a letter or digit';
  return undefined;
}
