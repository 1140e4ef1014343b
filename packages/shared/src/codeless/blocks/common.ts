/** Pieces shared by the Basalt block definitions: Blockly JSON argument builders and category colours. */
import type { BlockGenerator } from '../walker.js';

export type Json = Record<string, unknown>;

/** One category of Basalt blocks: Blockly definitions, their generators and their toolbox entries. */
export interface BlockSet {
  definitions: Json[];
  generators: Record<string, BlockGenerator>;
  toolbox: Json[];
}

/** Hues of the toolbox categories (Blockly's HSV hue, 0–360). */
export const HUE = {
  entry: 20,
  data: 200,
  users: 230,
  files: 260,
  messaging: 290,
  cache: 320,
  context: 40,
  objects: 180,
  control: 0,
  http: 100,
  services: 140,
  functions: 290,
  logging: 60,
} as const;

export const valueInput = (name: string, check?: string | string[]): Json => ({
  type: 'input_value',
  name,
  ...(check ? { check } : {}),
});
export const textField = (name: string, text = ''): Json => ({ type: 'field_input', name, text });
export const dropdown = (name: string, values: readonly string[]): Json => ({
  type: 'field_dropdown',
  name,
  options: values.map((v) => [v.toLowerCase().replace(/_/g, ' '), v]),
});

/** A value block: `(message, args, output type)`. */
export function valueBlock(
  type: string,
  message: string,
  args: Json[],
  output: string | null,
  hue: number,
  tooltip: string,
): Json {
  return { type, message0: message, args0: args, output, colour: hue, tooltip, inputsInline: false };
}

/** A statement block that sits in a stack (or ends it when `last`). */
export function statementBlock(
  type: string,
  message: string,
  args: Json[],
  hue: number,
  tooltip: string,
  last = false,
): Json {
  return {
    type,
    message0: message,
    args0: args,
    previousStatement: null,
    ...(last ? {} : { nextStatement: null }),
    colour: hue,
    tooltip,
    inputsInline: false,
  };
}

/** Toolbox entry of a block, with shadow values in some of its inputs. */
export function entry(type: string, shadows: Record<string, Json> = {}, fields?: Json): Json {
  const inputs = Object.fromEntries(Object.entries(shadows).map(([k, shadow]) => [k, { shadow }]));
  return {
    kind: 'block',
    type,
    ...(fields ? { fields } : {}),
    ...(Object.keys(inputs).length ? { inputs } : {}),
  };
}
export const textShadow = (text: string): Json => ({ type: 'text', fields: { TEXT: text } });
export const numberShadow = (n: number): Json => ({ type: 'math_number', fields: { NUM: n } });
