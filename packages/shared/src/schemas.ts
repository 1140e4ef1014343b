/**
 * Building blocks of route schemas (`RouteDef.params/query/body/response`) that many groups share,
 * so one shape is declared once and its type read from it (`Static<typeof …>`), never repeated.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** `{ success: true }`, the answer of many deletes and actions. */
export const SuccessSchema = Type.Object({ success: Type.Boolean() });
export type Success = Static<typeof SuccessSchema>;

/** A page of items with the total: `{ data, totalRows }`. */
export const PageSchema = <T extends TSchema>(item: T) =>
  Type.Object({ data: Type.Array(item), totalRows: Type.Integer() });

/**
 * `T | null`. Null comes first: the server validates with type coercion on, and a null tried
 * against a string branch first would be turned into the empty string (a number into 0).
 */
export const NullableSchema = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);

/**
 * An object whose declared fields are typed and whose other fields are sent as they are: records
 * (their columns are the app's), settings blobs and other shapes that grow with the app.
 */
export const OpenObjectSchema = <P extends Record<string, TSchema>>(properties: P) =>
  Type.Object(properties, { additionalProperties: true });

/** Paging of list routes: `pageSize` (1–100) and `offset`. */
export const PagingQuerySchema = Type.Object({
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
});

/**
 * The answer of a route whose area is not built yet: it always answers 501, never a 2xx, so there is
 * no successful shape to declare. Replaced by the real answer when the area lands.
 */
export const NotBuiltSchema = Type.Unknown({ description: 'not built yet: always 501' });
