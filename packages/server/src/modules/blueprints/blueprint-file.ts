import { Type, type Static } from '@sinclair/typebox';

const Name = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' });
const Operation = Type.Union(['Create', 'Find', 'Update', 'Remove'].map((o) => Type.Literal(o)));
const Access = Type.Union([Type.Literal('GRANT'), Type.Literal('DENY')]);

/**
 * The file `packages/server/blueprints/<id>/blueprint.json` (decision 0065): what a new app made
 * from the blueprint starts with, in the console API's own terms, applied in this order: tables
 * and columns, relation columns, roles, records (`@ref` names a record for `links`), relations
 * between the records, table permissions per role, owner policy, and the cloud code in `code/`.
 */
export const BlueprintFileSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][a-z0-9-]{0,40}$' }),
    name: Type.String({ minLength: 1, maxLength: 60 }),
    description: Type.String({ minLength: 1, maxLength: 400 }),
    tables: Type.Array(
      Type.Object(
        {
          name: Name,
          columns: Type.Array(
            Type.Object(
              {
                name: Name,
                dataType: Type.String(),
                required: Type.Optional(Type.Boolean()),
                defaultValue: Type.Optional(Type.Unknown()),
              },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    relations: Type.Optional(
      Type.Array(
        Type.Object(
          {
            table: Name,
            name: Name,
            toTableName: Name,
            relationshipType: Type.Union([Type.Literal('ONE_TO_ONE'), Type.Literal('ONE_TO_MANY')]),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    records: Type.Optional(Type.Record(Type.String(), Type.Array(Type.Record(Type.String(), Type.Unknown())))),
    links: Type.Optional(
      Type.Array(
        Type.Object(
          { table: Name, record: Type.String(), column: Name, to: Type.Array(Type.String()) },
          { additionalProperties: false },
        ),
      ),
    ),
    roles: Type.Optional(Type.Array(Name)),
    permissions: Type.Optional(
      Type.Array(
        Type.Object(
          { table: Name, role: Name, operations: Type.Array(Operation), access: Access },
          { additionalProperties: false },
        ),
      ),
    ),
    ownerPolicy: Type.Optional(
      Type.Array(
        Type.Object(
          { table: Name, operations: Type.Array(Operation), access: Access },
          { additionalProperties: false },
        ),
      ),
    ),
    code: Type.Optional(
      Type.Array(
        Type.Object(
          { file: Type.String({ pattern: '^[a-z0-9-]+\\.js$' }), summary: Type.String() },
          { additionalProperties: false },
        ),
      ),
    ),
  },
  { additionalProperties: false },
);
export type BlueprintFile = Static<typeof BlueprintFileSchema>;

/** A blueprint as loaded: the file, and the content of each of its cloud code files. */
export interface LoadedBlueprint {
  file: BlueprintFile;
  code: Array<{ file: string; content: string }>;
}
