import type { CodelessParamInput } from '../../api/codeless.queries';

/** Types a parameter or input may declare; ANY takes whatever the caller sends. */
export const PARAM_TYPES = ['ANY', 'STRING', 'NUMBER', 'BOOLEAN', 'OBJECT', 'ARRAY', 'DATE'] as const;

/** Names become JavaScript identifiers in the generated code and REST argument names. */
export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const IDENTIFIER_HINT = 'Letters, digits and _; start with a letter or _';

/** What is wrong with each parameter (null when the row may be sent). */
export function paramProblems(params: CodelessParamInput[], noun = 'parameter'): (string | null)[] {
  return params.map((p, i) => {
    if (!p.name) return `Name the ${noun}`;
    if (!IDENTIFIER.test(p.name)) return IDENTIFIER_HINT;
    if (params.findIndex((q) => q.name === p.name) !== i) return `${p.name} is already a ${noun}`;
    return null;
  });
}

/** The inputs a function's definition names (`definition.inputs`), whatever else it holds. */
export function inputsOf(definition: unknown): CodelessParamInput[] {
  const inputs = (definition as { inputs?: unknown } | null | undefined)?.inputs;
  if (!Array.isArray(inputs)) return [];
  return inputs
    .filter((i): i is { name: string; type?: unknown } => typeof (i as { name?: unknown } | null)?.name === 'string')
    .map((i) => ({ name: i.name, type: typeof i.type === 'string' ? i.type : 'ANY' }));
}
