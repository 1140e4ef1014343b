import { plannedRoutes } from '../route.js';

const base = '/api/node-server/manage/app/:appId/form-editor';

/** Forms made with the form editor (not built yet). A launched form is opened by anyone with its link. */
export const formEditorRoutes = plannedRoutes('forms', 'formEditor', {
  getForms: ['GET', base],
  createForm: ['POST', `${base}/form`],
  updateForm: ['PUT', `${base}/form/:formId`],
  deleteForm: ['DELETE', `${base}/form/:formId`],
  launchForm: ['GET', '/api/app/:appId/form-editor/:formId/view', 'public'],
});
