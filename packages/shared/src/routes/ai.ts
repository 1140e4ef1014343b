import { plannedRoutes } from '../route.js';

const base = '/:appId/console/open-ai';

/** AI assistance in the console: chat completions per feature and their usage (not built yet). */
export const openAIRoutes = plannedRoutes('ai', 'openAI', {
  createChatCompletion: ['POST', `${base}/chat-completion/:featureName`],
  getUsageInfo: ['GET', `${base}/info/:featureName`],
  generateDashboardDataVisualizations: ['POST', `${base}/dashboards/data-visualizations`],
  getDashboardDataVisualizationsPrompt: ['GET', `${base}/dashboards/data-visualizations`],
});
