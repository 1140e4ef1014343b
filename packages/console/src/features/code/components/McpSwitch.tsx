import { Switch, Tooltip } from '@mantine/core';
import { useSetMcpEnabled } from '../api/services.queries';

/**
 * Marks a service for MCP clients (decision 0053: the flag is stored per service; no MCP endpoint
 * serves it yet, which the tooltip says rather than letting the switch promise more).
 */
export function McpSwitch({ appId, service }: { appId: string; service: { id: string; name: string } }) {
  const set = useSetMcpEnabled(appId);
  const enabled = (service as { mcpEnabled?: boolean }).mcpEnabled === true;
  const shown = set.isPending && set.variables ? set.variables.enabled : enabled;
  return (
    <Tooltip
      label="Lists this service's methods as tools for MCP clients. The flag is stored; an MCP endpoint serving it is not available yet."
      multiline
      w={280}
      withArrow
    >
      <Switch
        label="MCP"
        aria-label={`Offer ${service.name} to MCP clients`}
        checked={shown}
        disabled={set.isPending}
        onChange={(e) => set.mutate({ serviceId: service.id, enabled: e.currentTarget.checked })}
      />
    </Tooltip>
  );
}
