import { Outlet, useParams } from 'react-router';
import { Box } from '@mantine/core';
import { DataSidebar } from './sidebar/DataSidebar';
import { useSchemaEvents } from '../api/schema-events';

const SIDEBAR_WIDTH = 240;

/**
 * Frame of the Data area: its own 240 px sidebar beside the screen. It cancels the page padding of
 * the shell so the sidebar runs full height and the records grid can take the rest of the window.
 */
export default function DataLayout() {
  const { appId = '' } = useParams();
  // Tables and columns made elsewhere (app writes, teammates) appear while the area is open.
  useSchemaEvents(appId);
  return (
    <Box style={{ display: 'flex', margin: -24, height: 'calc(100vh - 48px)', minWidth: 0 }}>
      <Box component="aside" aria-label="Data" style={{ width: SIDEBAR_WIDTH, flex: 'none', height: '100%' }}>
        <DataSidebar appId={appId} />
      </Box>
      <Box style={{ flex: 1, minWidth: 0, height: '100%', overflow: 'auto' }}>
        <Outlet />
      </Box>
    </Box>
  );
}
