import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** MCP (Flows › MCP servers): hosted servers and clients, `mcp/*`. */
export const mcpRoutes: RouteObject[] = [{ path: 'mcp/*', lazy: lazyPage(() => import('./pages/McpPage')) }];
