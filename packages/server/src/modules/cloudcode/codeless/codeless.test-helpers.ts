/*
 * Blockly JSON of test workspaces, as `Blockly.serialization.workspaces.save` writes it: one
 * `basalt_entry` hat whose statements are chained through `next`.
 */
type Block = Record<string, unknown>;

/** Chains statements through `next`. */
function chain(statements: Block[]): Block | undefined {
  let next: Block | undefined;
  for (const s of [...statements].reverse()) next = next ? { ...s, next: { block: next } } : s;
  return next;
}

export function logic(kind: string, ...statements: Block[]) {
  const first = chain(statements);
  return {
    blocks: {
      languageVersion: 0,
      blocks: [
        {
          type: 'basalt_entry',
          id: 'entry',
          x: 20,
          y: 20,
          fields: { KIND: kind },
          ...(first ? { inputs: { DO: { block: first } } } : {}),
        },
      ],
    },
  };
}

export const param = (name: string, id: string): Block => ({
  type: 'basalt_context_param',
  id,
  fields: { NAME: name },
});
export const text = (id: string, value: string): Block => ({ type: 'text', id, fields: { TEXT: value } });
export const ret = (value: Block): Block => ({
  type: 'basalt_return',
  id: 'return',
  inputs: { VALUE: { block: value } },
});
export const add = (a: Block, b: Block): Block => ({
  type: 'math_arithmetic',
  id: `add-${String(a.id)}-${String(b.id)}`,
  fields: { OP: 'ADD' },
  inputs: { A: { block: a }, B: { block: b } },
});

/** A workspace variable: its declaration and its get/set blocks. */
export function variable(name: string, varId: string) {
  return {
    declaration: { name, id: varId },
    get: (id: string): Block => ({ type: 'variables_get', id, fields: { VAR: { id: varId } } }),
    set: (id: string, value: Block): Block => ({
      type: 'variables_set',
      id,
      fields: { VAR: { id: varId } },
      inputs: { VALUE: { block: value } },
    }),
  };
}
