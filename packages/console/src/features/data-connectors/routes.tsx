import { Navigate, type RouteObject } from 'react-router';

/**
 * Data › Data connectors (the `data-connectors` area, a part of Data): connectors live in the Data
 * area's table list, so the area's own segment opens Data.
 */
export const dataConnectorsRoutes: RouteObject[] = [
  { path: 'data-connectors', element: <Navigate to="../data" replace /> },
];
