import { useLocation, useNavigate, useParams } from 'react-router';
import { Tabs } from '@mantine/core';
import { IconPlugConnected, IconServer } from '@tabler/icons-react';
import { PageHeader } from '../../../components/PageHeader';
import { HostedServers } from '../components/HostedServers';
import { McpClientsPanel } from '../components/McpClientsPanel';

/**
 * Flows › MCP servers: the app as an MCP server for AI tools (hosted servers, `mcp`) and the MCP
 * servers the app itself calls (clients, `mcp/clients`). Each tab is a URL of its own.
 */
export default function McpPage() {
  const { appId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = pathname.endsWith('/mcp/clients') ? 'clients' : 'hosted';
  return (
    <>
      <PageHeader
        title="MCP servers"
        description="Let AI tools work with this app's data through the Model Context Protocol, and call the tools of other MCP servers from flows and cloud code."
      />
      <Tabs
        value={tab}
        onChange={(v) => navigate(`/apps/${appId}/mcp${v === 'clients' ? '/clients' : ''}`)}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="hosted" leftSection={<IconServer size={16} stroke={1.5} />}>
            Hosted servers
          </Tabs.Tab>
          <Tabs.Tab value="clients" leftSection={<IconPlugConnected size={16} stroke={1.5} />}>
            Clients
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="hosted">
          <HostedServers appId={appId} />
        </Tabs.Panel>
        <Tabs.Panel value="clients">
          <McpClientsPanel appId={appId} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
