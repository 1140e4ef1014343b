import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSdk } from '../../../lib/sdk';
import { mcpKeys } from './mcp.keys';

export function useMcpServers(appId: string) {
  return useQuery({
    queryKey: mcpKeys.servers(appId),
    queryFn: () => getSdk().hostingMcpServices.getHostingMcpServers(appId),
  });
}

/** A server's state with its tools (the list answers only their count). */
export function useMcpServerStatus(appId: string, name: string | undefined) {
  return useQuery({
    queryKey: mcpKeys.status(appId, name ?? ''),
    queryFn: () => getSdk().hostingMcpServices.getHostingMcpServerStatus(appId, name!),
    enabled: !!name,
  });
}

export function useMcpClients(appId: string) {
  return useQuery({ queryKey: mcpKeys.clients(appId), queryFn: () => getSdk().mcpServices.getMcpClients(appId) });
}

/** The roles a server may run as. */
export function useRoleNames(appId: string) {
  return useQuery({
    queryKey: mcpKeys.roles(appId),
    queryFn: async () => (await getSdk().security.loadRoles(appId)).map((r) => r.rolename),
  });
}

/** Writes refresh everything MCP of the app; each shows its error where it was made. */
function useMcpWrite<V, A>(appId: string, write: (v: V) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    meta: { errorToast: false },
    onSuccess: () => client.invalidateQueries({ queryKey: mcpKeys.all(appId) }),
  });
}

export function useCreateMcpServer(appId: string) {
  return useMcpWrite(appId, (v: { name: string; role: string }) =>
    getSdk().hostingMcpServices.createHostingMcpServer(appId, v),
  );
}

export function useRedeployMcpServer(appId: string) {
  return useMcpWrite(appId, (name: string) => getSdk().hostingMcpServices.redeployHostingMcpServer(appId, { name }));
}

export function useMcpServerState(appId: string) {
  return useMcpWrite(appId, (v: { name: string; state: 'start' | 'stop' }) =>
    getSdk().hostingMcpServices.changeHostingMcpServerState(appId, v.state, { name: v.name }),
  );
}

export function useDeleteMcpServer(appId: string) {
  return useMcpWrite(appId, (name: string) => getSdk().hostingMcpServices.deleteHostingMcpServer(appId, { name }));
}

/** Try-it: one tool call as the server's role (nothing cached: each answer is shown as it came). */
export function useTryMcpTool(appId: string) {
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (v: { server: string; tool: string; args: Record<string, unknown> }) =>
      getSdk().hostingMcpServices.callHostingMcpServerTool(appId, v.server, v.tool, v.args),
  });
}

export function useCreateMcpClient(appId: string) {
  return useMcpWrite(appId, (v: { name: string; url: string; headers: Record<string, string> }) =>
    getSdk().mcpServices.createMcpClient(appId, v),
  );
}

export function useDeleteMcpClient(appId: string) {
  return useMcpWrite(appId, (name: string) => getSdk().mcpServices.deleteMcpClient(appId, { name }));
}

export function useValidateMcpClient(appId: string) {
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (name: string) => getSdk().mcpServices.validateMcpConnection(appId, { name }),
  });
}

export function usePingMcpClient(appId: string) {
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (name: string) => getSdk().mcpServices.pingMcpClient(appId, name),
  });
}
