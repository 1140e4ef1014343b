import type { McpApiService } from '@basalt/shared';
import { ApiError } from '../../../../http/api-error.js';
import type { ServiceRecord } from '../../store/index.js';
import { specOf, type ServicesService } from '../services.service.js';

/** A parameter type in the reference's MCP listing words (`STRING`, `NUMBER` …); JSDoc classes are objects. */
function mcpType(type: string): string {
  const t = type.trim().toLowerCase();
  if (t === 'string' || t === 'date') return 'STRING';
  if (t === 'number' || t === 'integer' || t === 'int' || t === 'float') return 'NUMBER';
  if (t === 'boolean' || t === 'bool') return 'BOOLEAN';
  if (t === 'array' || t.endsWith('[]') || t.startsWith('array')) return 'ARRAY';
  if (t === 'any' || t === '*' || t === '') return 'ANY';
  return 'OBJECT';
}

/** One service version as the reference lists it: `{serviceInfo, elements}` (decision 0053). */
export function mcpEntry(s: ServiceRecord): McpApiService {
  const spec = specOf(s);
  return {
    serviceInfo: {
      serviceId: s.id,
      serviceVersionId: s.id,
      serviceName: s.name,
      version: s.version,
      model: s.model,
      lang: s.language,
      mode: 'PRODUCTION',
      mcpEnabled: !!s.mcp_enabled,
      mcpURL: null,
      hostingProvider: 'API_SERVICE',
    },
    elements: spec.methods.map((m) => ({
      id: `${s.id}:${m.name}`,
      name: m.name,
      description: m.description ?? '',
      params: m.params.map((p) => ({
        name: p.name,
        type: mcpType(p.type),
        description: p.description ?? '',
        required: p.required,
      })),
    })),
  };
}

/** `mcpApiServices`: which service versions MCP clients may call. A version is a service row (its id). */
export class McpApiServices {
  constructor(private readonly services: ServicesService) {}

  async list(appId: string): Promise<McpApiService[]> {
    return (await this.services.repo.list(appId)).map(mcpEntry);
  }

  /** 404 naming the id when the app has no such service. */
  async set(appId: string, serviceVersionId: string, enabled: boolean): Promise<McpApiService> {
    if (!(await this.services.repo.setMcp(appId, serviceVersionId, enabled)))
      throw ApiError.notFound(`Service version '${serviceVersionId}' not found`);
    return mcpEntry(await this.services.get(appId, serviceVersionId));
  }
}
