/**
 * A parameter value as typed in the invoke form. A `string` parameter takes the text as it is;
 * anything else is read as JSON when it parses (numbers, booleans, objects, arrays) and as text
 * otherwise, so `Ann` and `"Ann"` both reach the method as the string Ann.
 */
export function parseArgument(text: string, type?: string): unknown {
  if (type && type.toLowerCase() === 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
