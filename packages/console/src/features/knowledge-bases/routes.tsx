import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Knowledge bases (Flows › Knowledge bases): `knowledge-bases/:knowledgeBaseId?`. */
export const knowledgeBasesRoutes: RouteObject[] = [
  { path: 'knowledge-bases/:knowledgeBaseId?', lazy: lazyPage(() => import('./pages/KnowledgeBasesPage')) },
];
