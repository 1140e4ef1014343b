import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** UI Builder › Forms and Cloud Code › PDF templates, each its own lazy chunk (decision 0087). */
export const uiDocsRoutes: RouteObject[] = [
  { path: 'forms', lazy: lazyPage(() => import('./pages/FormsPage')) },
  { path: 'pdf', lazy: lazyPage(() => import('./pages/PdfTemplatesPage')) },
];
