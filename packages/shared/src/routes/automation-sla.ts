import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { NullableSchema, SuccessSchema } from '../schemas.js';

/**
 * SLA of flows (issue 19 item 6, decision 0075): business calendars of an app (time zone, working
 * hours per weekday, holidays) and goals per version (instance or element duration measured in
 * business time) with actions on breach. Paths are the 2.57.2 reference client's.
 */
const A = '/api/app/:appId/automation';
const V = `${A}/flow/:flowId/version/:versionId`;
const ADMIN = DevOperations.FLOW_VERSION_ADMIN;
const HHMM = '^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$';

const IntervalSchema = Type.Object({ from: Type.String({ pattern: HHMM }), to: Type.String({ pattern: HHMM }) });
const WeekDaySchema = Type.Object({
  day: Type.Union(['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'].map((d) => Type.Literal(d))),
  intervals: Type.Array(IntervalSchema, { maxItems: 10 }),
});

const CalendarFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  /** IANA time zone the working hours are in. */
  timezone: Type.String({ minLength: 1, maxLength: 64 }),
  /** Working hours per weekday; null or absent means 24/7. */
  week: Type.Optional(NullableSchema(Type.Array(WeekDaySchema, { maxItems: 7 }))),
  holidays: Type.Optional(Type.Array(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), { maxItems: 1000 })),
};
export const SlaCalendarBody = Type.Object(CalendarFields, { additionalProperties: true });
export const SlaCalendarSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  timezone: Type.String(),
  week: NullableSchema(Type.Array(WeekDaySchema)),
  holidays: Type.Array(Type.String()),
  created: Type.Number(),
});
export type SlaCalendar = Static<typeof SlaCalendarSchema>;

const MetricSchema = Type.Union([Type.Literal('INSTANCE_DURATION'), Type.Literal('ELEMENT_DURATION')]);
const UnitSchema = Type.Union(['ms', 's', 'min', 'h', 'd'].map((u) => Type.Literal(u)));
const ActionSchema = Type.Object(
  { on: Type.Literal('BREACH'), type: Type.Union([Type.Literal('LOG')]) },
  { additionalProperties: true },
);
export const SlaGoalBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    target: Type.Number({ exclusiveMinimum: 0 }),
    unit: Type.Optional(UnitSchema),
    metric: Type.Optional(MetricSchema),
    /** The measured element, for ELEMENT_DURATION. */
    elementId: Type.Optional(NullableSchema(Type.String({ maxLength: 200 }))),
    /** Without a calendar the goal counts wall-clock time (24/7). */
    calendarId: Type.Optional(NullableSchema(Type.String({ maxLength: 64 }))),
    actions: Type.Optional(Type.Array(ActionSchema, { maxItems: 10 })),
  },
  { additionalProperties: true },
);
export const SlaGoalSchema = Type.Object({
  id: Type.String(),
  versionId: Type.String(),
  name: Type.String(),
  target: Type.Number(),
  unit: UnitSchema,
  metric: MetricSchema,
  elementId: NullableSchema(Type.String()),
  calendarId: NullableSchema(Type.String()),
  actions: Type.Array(ActionSchema),
  created: Type.Number(),
});
export type SlaGoal = Static<typeof SlaGoalSchema>;

/** How a goal fared over a range: finished instances (or element runs) measured in business time. */
export const SlaComplianceSchema = Type.Object({
  goalId: Type.String(),
  name: Type.String(),
  measured: Type.Integer(),
  met: Type.Integer(),
  breached: Type.Integer(),
  /** met / measured, null when nothing was measured. */
  compliance: NullableSchema(Type.Number()),
});

export const automationSlaRoutes = {
  getSLACalendars: defineRoute({
    name: 'automation.getSLACalendars',
    method: 'GET',
    path: `${A}/flow/sla/calendar`,
    auth: 'developer',
    response: Type.Array(SlaCalendarSchema),
  }),
  createSLACalendar: defineRoute({
    name: 'automation.createSLACalendar',
    method: 'POST',
    path: `${A}/flow/sla/calendar`,
    auth: 'developer',
    devPermission: ADMIN,
    body: SlaCalendarBody,
    response: SlaCalendarSchema,
  }),
  updateSLACalendar: defineRoute({
    name: 'automation.updateSLACalendar',
    method: 'PUT',
    path: `${A}/flow/sla/calendar/:id`,
    auth: 'developer',
    devPermission: ADMIN,
    body: SlaCalendarBody,
    response: SlaCalendarSchema,
  }),
  deleteSLACalendar: defineRoute({
    name: 'automation.deleteSLACalendar',
    method: 'DELETE',
    path: `${A}/flow/sla/calendar/:id`,
    auth: 'developer',
    devPermission: ADMIN,
    response: SuccessSchema,
    summary: 'Deletes a calendar (goals on it count wall-clock time from then on)',
  }),
  getFlowSLAGoals: defineRoute({
    name: 'automation.getFlowSLAGoals',
    method: 'GET',
    path: `${V}/sla/goals`,
    auth: 'developer',
    response: Type.Array(SlaGoalSchema),
  }),
  createFlowSLAGoal: defineRoute({
    name: 'automation.createFlowSLAGoal',
    method: 'POST',
    path: `${V}/sla/goals`,
    auth: 'developer',
    devPermission: ADMIN,
    body: SlaGoalBody,
    response: SlaGoalSchema,
  }),
  updateFlowSLAGoal: defineRoute({
    name: 'automation.updateFlowSLAGoal',
    method: 'PUT',
    path: `${V}/sla/goals/:id`,
    auth: 'developer',
    devPermission: ADMIN,
    body: SlaGoalBody,
    response: SlaGoalSchema,
  }),
  deleteFlowSLAGoal: defineRoute({
    name: 'automation.deleteFlowSLAGoal',
    method: 'DELETE',
    path: `${V}/sla/goals/:id`,
    auth: 'developer',
    devPermission: ADMIN,
    response: SuccessSchema,
  }),
};
