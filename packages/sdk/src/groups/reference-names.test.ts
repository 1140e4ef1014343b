/**
 * The groups are a drop-in for the reference console client: every method name it has in these
 * groups exists here (Basalt may add more, e.g. `messaging.getPushOutbox`).
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../client.js';

const reference = {
  tables:
    'get create update remove loadRecords exportRecords getRecordsCount getCount getRecordsCountForTables getCellData createRecord bulkCreateRecords bulkUpsertRecords updateRecord updateImageTypeRecord deleteRecords deleteImageTypeRecord updateRelations removeRelations createColumn deleteColumn updateColumn loadConfigs setConfigs loadAssignedUserRoles updateAssignedUserRoles loadTableOwnerPolicyDelayCheck changeTableOwnerPolicyDelayCheck',
  dataViews:
    'getViews getViewRecords createView updateView renameView deleteView loadRecords getRecordsCount getRecordsCounts loadGroupRecords getGroupRecordsCount loadSampleRecords',
  dataHives:
    'getHiveNames createHive renameHive deleteHive loadHiveStoreKeys loadHiveStoreValues setHiveStoreValue addHiveStoreValue removeHiveStoreRecords removeHiveStoreValue setKeyExpiration getKeyExpirationTTL clearKeyExpiration getKeySecondsSinceLastOperation addHiveListStoreItems removeHiveListStoreItemByValue updateHiveListStoreItemByIndex addHiveSetStoreItems removeHiveSetStoreItemByValue',
  counters: 'get listNames listCounters create update remove',
  cache: 'get count update remove',
  files:
    'loadDirectory loadFullDirectory createDir getFileContent performOperation fileExists editFile createFile moveFile copyFile renameFile deleteFile uploadFile createConsoleFile viewFiles',
  messaging:
    'loadChannels createChannel renameChannel deleteChannel loadDevices deleteDevices loadMessages publishMessage getMessagingChannels getPushTemplates createPushTemplate updatePushTemplate getPushTemplate deletePushTemplates getPushRecipientsCount sendPush getPushButtonTemplates createPushButtonTemplate updatePushButtonTemplate deletePushButtonTemplate getPushChannelTemplates createPushChannelTemplate updatePushChannelTemplate deletePushChannelTemplate',
  uiBuilder:
    'init loadSDKStyles loadSDKComponents loadLayoutTemplates loadPageTemplates loadCustomComponentTemplates createContainer updateContainer deleteContainer loadContainer publishContainer applyContainerTheme loadContainerStyles loadContainerStyle updateContainerStyle deleteContainerStyle loadRemovedContainers deleteRemovedContainer loadContainerBackups updateContainerBackupsPolicy createContainerBackup deleteContainerBackups getBackupDownloadLink uploadBackup updateContainerSettings updateContainerCustomConfigs updateContainerDefaultI18n saveContainerI18n deleteContainerI18n updateContainerI18nKey renameContainerI18nKey deleteContainerI18nKeys uploadContainerFavicon removeContainerFavicon updateContainerViewport updateContainerMetaTags updateContainerCustomHeadContent updateContainerExternalLibraries updateContainerPWASettings updateContainerPWAIcon searchThemes loadThemes createTheme updateTheme deleteTheme publishTheme loadThemeStyle updateThemeStyle createPage updatePage deletePage getPageUI updatePageUI getPageLogic createPageLogic updatePageLogic deletePageLogic deletePageUnusedLogic addReferenceToMarketplaceProduct installComponentFromMarketplace createLayout updateLayout deleteLayout getLayoutUI updateLayoutUI getLayoutLogic updateLayoutLogic createLayoutLogic deleteLayoutLogic deleteLayoutUnusedLogic createReusableComponent cloneReusableComponent upgradeReusableComponent loadReusableComponent updateReusableComponent deleteReusableComponent updateReusableComponentUI getReusableComponentLogic updateReusableComponentLogic createReusableComponentLogic deleteReusableComponentLogic deleteReusableComponentUnusedLogic createCustomComponent cloneCustomComponent upgradeCustomComponent loadCustomComponent deleteCustomComponent updateCustomComponent updateCustomComponentPreview loadComponentFileContent updateCustomComponentFiles uploadCustomComponentFiles getCustomComponentFileDownloadLink loadContainerFunctions createContainerFunction updateContainerFunction deleteContainerFunction deleteContainerFunctionsPack loadContainerFunctionLogic updateContainerFunctionLogic installCustomFunctionsFromMarketplace saveAutomationsTriggers',
  mcpServices:
    'getMcpClients createMcpClient deleteMcpClient updateMcpClient validateMcpConnection checkOAuthForMCPClient pingMcpClient',
  hostingMcpServices:
    'getHostingMcpServers getHostingMcpServerStatus createHostingMcpServer redeployHostingMcpServer changeHostingMcpServerState deleteHostingMcpServer',
  mcpApiServices: 'getMcpApiServices enableMcpApiService disableMcpApiService',
  chartBuilder: 'getCharts createChart updateChart deleteChart renameChart',
  visualizations:
    'getVisualizations createVisualization updateVisualization deleteVisualizations updateVisualizationResources loadPublishedUIBuilderContainers',
  dataToVisualize:
    'getDashboards createDashboard cloneDashboard updateDashboard updateDashboards updateDashboardSettings deleteDashboard addDashboardDashlet createDashboardDashlets deleteDashboardDashlet updateDashboardDashlet loadDashletComponents installDashletComponent upgradeDashletComponent createDashletComponent deleteDashletComponent updateDashletComponent getDashletComponentFileDownloadLink loadDashletComponentFilesList loadDashletComponentFileContent uploadDashletComponentFiles updateDashletComponentFiles',
  quickApps: 'loadContainers loadContainer createContainer deleteContainer deployContainer',
  consolePreview: 'getPreviewInitToken',
} as const;

const counts = {
  tables: 28,
  dataViews: 12,
  dataHives: 19,
  counters: 6,
  cache: 4,
  files: 15,
  messaging: 24,
  uiBuilder: 102,
  mcpServices: 7,
  hostingMcpServices: 6,
  mcpApiServices: 3,
  chartBuilder: 5,
  visualizations: 6,
  dataToVisualize: 22,
  quickApps: 5,
  consolePreview: 1,
};

describe('reference method names', () => {
  const client = createClient('http://x');
  it.each(Object.entries(reference))('%s has every method of the reference client', (group, names) => {
    const list = names.split(' ');
    expect(list).toHaveLength(counts[group as keyof typeof counts]);
    const own = client[group as keyof typeof reference] as Record<string, unknown>;
    expect(list.filter((name) => typeof own[name] !== 'function')).toEqual([]);
  });
});
