import type { PeriodChoice } from '../analytics-data';

/** Query keys of an app's analytics; everything of one app sits under `['analytics', appId]`. */
export const analyticsKeys = {
  all: (appId: string) => ['analytics', appId] as const,
  report: (appId: string, report: string, choice: PeriodChoice) =>
    [...analyticsKeys.all(appId), report, choice] as const,
  performance: (appId: string, range: { from: number; to: number }) =>
    [...analyticsKeys.all(appId), 'performance', range] as const,
};
