import { Type, type Static } from '@sinclair/typebox';
import { defineRoute, type RouteDef } from '../route.js';
import { OpenObjectSchema, SuccessSchema } from '../schemas.js';

const base = '/api/node-server/manage/app/:appId/form-editor';
const publicBase = '/api/app/:appId/form-editor/:formId';

/** A name the developer gives a form, a table or a column: letters, digits, `_`, `-` and spaces. */
const NameSchema = Type.String({ minLength: 1, maxLength: 100 });

/** One input of a form, bound to a column of the form's table (`name` is the column). */
export const FormFieldSchema = Type.Object({
  name: NameSchema,
  label: Type.Optional(Type.String({ maxLength: 200 })),
  placeholder: Type.Optional(Type.String({ maxLength: 200 })),
  /** Refused empty even when the column allows null (a required column is always required). */
  required: Type.Optional(Type.Boolean()),
});
export type FormField = Static<typeof FormFieldSchema>;

/** The form document the editor saves: the table it writes to and its inputs, in order. */
export const FormSourceSchema = Type.Object({
  /** The form's id: ignored on create, the path's id on update. */
  id: Type.Optional(Type.String({ maxLength: 64 })),
  name: NameSchema,
  table: NameSchema,
  fields: Type.Array(FormFieldSchema, { minItems: 1, maxItems: 100 }),
  submitLabel: Type.Optional(Type.String({ maxLength: 100 })),
  successMessage: Type.Optional(Type.String({ maxLength: 500 })),
});
export type FormSource = Static<typeof FormSourceSchema>;

/**
 * Who a launched form writes as: the anonymous visitor (NotAuthenticatedUser and the JS client's
 * role) or, with `role`, that role alone; `open: false` takes the form off line (its link answers 404).
 */
export const FormAppSettingsSchema = Type.Object({
  open: Type.Optional(Type.Boolean()),
  role: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 100 })])),
});
export type FormAppSettings = Static<typeof FormAppSettingsSchema>;

/** A saved form as the editor routes answer it; `url` is the public link `launchForm` serves. */
export const FormSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  table: Type.String(),
  fields: Type.Array(FormFieldSchema),
  submitLabel: Type.String(),
  successMessage: Type.String(),
  appSettings: Type.Object({ open: Type.Boolean(), role: Type.Union([Type.Null(), Type.String()]) }),
  url: Type.String(),
  created: Type.Number(),
  updated: Type.Number(),
});
export type Form = Static<typeof FormSchema>;

const FormBodySchema = Type.Object({
  formSource: FormSourceSchema,
  appSettings: Type.Optional(FormAppSettingsSchema),
});

/** Forms made with the form editor (`formEditor` group); a launched form is opened by anyone with its link. */
export const formEditorRoutes = {
  getForms: defineRoute({
    name: 'formEditor.getForms',
    method: 'GET',
    path: base,
    auth: 'developer',
    response: Type.Array(FormSchema),
    summary: "The app's forms, by name",
  }),
  createForm: defineRoute({
    name: 'formEditor.createForm',
    method: 'POST',
    path: `${base}/form`,
    auth: 'developer',
    body: FormBodySchema,
    response: FormSchema,
    summary: "Saves a new form; every field must be a writable column of the form's table (400 naming it)",
  }),
  updateForm: defineRoute({
    name: 'formEditor.updateForm',
    method: 'PUT',
    path: `${base}/form/:formId`,
    auth: 'developer',
    body: FormBodySchema,
    response: FormSchema,
    summary: 'Replaces a form (its source and, when given, its settings)',
  }),
  deleteForm: defineRoute({
    name: 'formEditor.deleteForm',
    method: 'DELETE',
    path: `${base}/form/:formId`,
    auth: 'developer',
    response: SuccessSchema,
    summary: 'Deletes a form: its link answers 404 from then on',
  }),
  launchForm: defineRoute({
    name: 'formEditor.launchForm',
    method: 'GET',
    path: `${publicBase}/view`,
    auth: 'public',
    response: Type.String({ description: 'text/html, written by the handler' }),
    summary: 'The form as a page anyone with the link may fill in (no script; posts to `submitForm`)',
  }),
  submitForm: defineRoute({
    name: 'formEditor.submitForm',
    method: 'POST',
    path: `${publicBase}/submit`,
    auth: 'public',
    body: Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), { maxProperties: 101 }),
    response: OpenObjectSchema({ objectId: Type.String() }),
    summary:
      "Writes one record of the form's table as the form's caller (its permissions apply); a bad value is a 400 naming the field. A browser's form post is answered with a page",
  }),
} satisfies Record<string, RouteDef>;
