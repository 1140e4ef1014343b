import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';

/** One predefined column validator: a regular expression a text column's values must match whole. */
export const DataValidatorSchema = Type.Object({
  /** Stable key, e.g. `email`. */
  name: Type.String(),
  /** What the console shows, e.g. `Email address`. */
  title: Type.String(),
  /** The expression (RE2 syntax) stored as the column's `customRegex` when this validator is picked. */
  regex: Type.String(),
  /** A value it accepts, shown as a hint. */
  example: Type.String(),
});
export type DataValidator = Static<typeof DataValidatorSchema>;

/**
 * The data validators list of the reference's `settings` group (`settings.getDataValidators`): the
 * same for every app, so the route has no app id.
 */
export const dataValidatorsRoutes = {
  getDataValidators: defineRoute({
    name: 'settings.getDataValidators',
    method: 'GET',
    path: '/console/datavalidators',
    auth: 'developer',
    response: Type.Array(DataValidatorSchema),
  }),
};
