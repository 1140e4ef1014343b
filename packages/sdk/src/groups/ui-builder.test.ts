import { describe, expect, it } from 'vitest';
import { recordingClient } from '../test-support/fake-fetch.test-helpers.js';
import { H, KEY, bare, describeShapes, get, json, type ShapeCase } from './shape-cases.test-helpers.js';

const U = `${H}/A/console/ui-builder`;
const C = `${U}/containers/shop`;
const form = (method: string, url: string) => ({ url, method, headers: KEY, body: expect.any(FormData) });
const B = { a: 1 };

const library: ShapeCase[] = [
  ['init', (c) => c.uiBuilder.init('A'), bare('POST', `${U}/init`)],
  ['loadSDKStyles', (c) => c.uiBuilder.loadSDKStyles('A'), get(`${U}/library/sdk/styles`)],
  ['loadSDKComponents', (c) => c.uiBuilder.loadSDKComponents('A'), get(`${U}/library/sdk/components`)],
  ['loadLayoutTemplates', (c) => c.uiBuilder.loadLayoutTemplates('A'), get(`${U}/library/layout-templates`)],
  ['loadPageTemplates', (c) => c.uiBuilder.loadPageTemplates('A'), get(`${U}/library/page-templates`)],
  [
    'loadCustomComponentTemplates',
    (c) => c.uiBuilder.loadCustomComponentTemplates('A'),
    get(`${U}/library/custom-component-templates`),
  ],
  ['searchThemes', (c) => c.uiBuilder.searchThemes('A'), get(`${U}/library/remote/themes`)],
  ['loadThemes', (c) => c.uiBuilder.loadThemes('A'), get(`${U}/library/themes`)],
  ['createTheme', (c) => c.uiBuilder.createTheme('A', B), json('POST', `${U}/library/themes`, B)],
  ['updateTheme', (c) => c.uiBuilder.updateTheme('A', 't1', B), json('PUT', `${U}/library/themes/t1`, B)],
  ['deleteTheme', (c) => c.uiBuilder.deleteTheme('A', 't1'), bare('DELETE', `${U}/library/themes/t1`)],
  ['publishTheme', (c) => c.uiBuilder.publishTheme('A', 't1', B), json('POST', `${U}/library/themes/t1/publish`, B)],
  ['loadThemeStyle', (c) => c.uiBuilder.loadThemeStyle('A', 't1'), get(`${U}/library/themes/t1/style`)],
  [
    'updateThemeStyle',
    (c) => c.uiBuilder.updateThemeStyle('A', 't1', 'a{}'),
    json('PUT', `${U}/library/themes/t1/style`, { content: 'a{}' }),
  ],
];

const containers: ShapeCase[] = [
  [
    'createContainer',
    (c) => c.uiBuilder.createContainer('A', { name: 'shop' }),
    json('POST', `${U}/containers`, { name: 'shop' }),
  ],
  ['updateContainer', (c) => c.uiBuilder.updateContainer('A', 'shop', B), json('PUT', C, B)],
  ['deleteContainer', (c) => c.uiBuilder.deleteContainer('A', 'shop'), bare('DELETE', C)],
  ['loadContainer', (c) => c.uiBuilder.loadContainer('A', 'shop'), get(C)],
  ['loadContainer(odd name)', (c) => c.uiBuilder.loadContainer('A', 'a/b?c'), get(`${U}/containers/a%2Fb%3Fc`)],
  ['publishContainer', (c) => c.uiBuilder.publishContainer('A', 'shop', B), json('POST', `${C}/publish`, B)],
  ['publishContainer(no options)', (c) => c.uiBuilder.publishContainer('A', 'shop'), bare('POST', `${C}/publish`)],
  ['loadContainerPublications', (c) => c.uiBuilder.loadContainerPublications('A', 'shop'), get(`${C}/publications`)],
  [
    'rollbackContainerPublication',
    (c) => c.uiBuilder.rollbackContainerPublication('A', 'shop', 2),
    bare('POST', `${C}/publications/2/rollback`),
  ],
  [
    'restoreRemovedContainer',
    (c) => c.uiBuilder.restoreRemovedContainer('A', 'shop'),
    bare('POST', `${U}/removed-containers/shop/restore`),
  ],
  ['applyContainerTheme', (c) => c.uiBuilder.applyContainerTheme('A', 'shop', B), json('POST', `${C}/apply-theme`, B)],
  ['loadContainerStyles', (c) => c.uiBuilder.loadContainerStyles('A', 'shop'), get(`${C}/styles`)],
  ['loadContainerSettings', (c) => c.uiBuilder.loadContainerSettings('A', 'shop'), get(`${C}/settings`)],
  ['loadContainerI18n', (c) => c.uiBuilder.loadContainerI18n('A', 'shop'), get(`${C}/i18n`)],
  ['loadContainerStyle', (c) => c.uiBuilder.loadContainerStyle('A', 'shop', 'main'), get(`${C}/styles/main`)],
  [
    'updateContainerStyle',
    (c) => c.uiBuilder.updateContainerStyle('A', 'shop', 'main', B),
    json('PUT', `${C}/styles/main`, B),
  ],
  [
    'deleteContainerStyle',
    (c) => c.uiBuilder.deleteContainerStyle('A', 'shop', 'main'),
    bare('DELETE', `${C}/styles/main`),
  ],
  ['loadRemovedContainers', (c) => c.uiBuilder.loadRemovedContainers('A'), get(`${U}/removed-containers`)],
  [
    'deleteRemovedContainer',
    (c) => c.uiBuilder.deleteRemovedContainer('A', 'shop'),
    bare('DELETE', `${U}/removed-containers/shop`),
  ],
  ['loadContainerBackups', (c) => c.uiBuilder.loadContainerBackups('A', 'shop'), get(`${C}/backups`)],
  [
    'updateContainerBackupsPolicy',
    (c) => c.uiBuilder.updateContainerBackupsPolicy('A', 'shop', B),
    json('PUT', `${C}/backups/policy`, B),
  ],
  ['createContainerBackup', (c) => c.uiBuilder.createContainerBackup('A', 'shop', B), json('POST', `${C}/backups`, B)],
  [
    'deleteContainerBackups',
    (c) => c.uiBuilder.deleteContainerBackups('A', 'shop', ['b1', 'b2']),
    json('DELETE', `${C}/backups`, ['b1', 'b2']),
  ],
  [
    'getBackupDownloadLink',
    (c) => c.uiBuilder.getBackupDownloadLink('A', 'shop', 'b1'),
    get(`${C}/backups/download/sign/b1`),
  ],
  [
    'uploadBackup',
    (c) => c.uiBuilder.uploadBackup('A', 'shop', new Blob(['z']), { name: 'n' }),
    form('POST', `${C}/backups/upload`),
  ],
  [
    'updateContainerSettings',
    (c) => c.uiBuilder.updateContainerSettings('A', 'shop', B),
    json('PUT', `${C}/settings`, B),
  ],
  [
    'updateContainerCustomConfigs',
    (c) => c.uiBuilder.updateContainerCustomConfigs('A', 'shop', B),
    json('PUT', `${C}/custom-configs`, B),
  ],
  [
    'updateContainerDefaultI18n',
    (c) => c.uiBuilder.updateContainerDefaultI18n('A', 'shop', 'en'),
    json('PUT', `${C}/i18n`, { defaultI18n: 'en' }),
  ],
  [
    'saveContainerI18n',
    (c) => c.uiBuilder.saveContainerI18n('A', 'shop', 'en', B),
    json('PUT', `${C}/i18n/dictionary/en`, B),
  ],
  [
    'deleteContainerI18n',
    (c) => c.uiBuilder.deleteContainerI18n('A', 'shop', 'en'),
    bare('DELETE', `${C}/i18n/dictionary/en`),
  ],
  [
    'updateContainerI18nKey',
    (c) => c.uiBuilder.updateContainerI18nKey('A', 'shop', 'hi', B),
    json('PUT', `${C}/i18n/key/hi`, B),
  ],
  [
    'renameContainerI18nKey',
    (c) => c.uiBuilder.renameContainerI18nKey('A', 'shop', 'hi', 'hello'),
    bare('PUT', `${C}/i18n/key/hi/rename?newKeyName=hello`),
  ],
  [
    'deleteContainerI18nKeys',
    (c) => c.uiBuilder.deleteContainerI18nKeys('A', 'shop', ['a', 'b']),
    json('DELETE', `${C}/i18n/key`, ['a', 'b']),
  ],
  [
    'uploadContainerFavicon',
    (c) => c.uiBuilder.uploadContainerFavicon('A', 'shop', new Uint8Array([1])),
    form('PUT', `${C}/favicon`),
  ],
  ['removeContainerFavicon', (c) => c.uiBuilder.removeContainerFavicon('A', 'shop'), bare('DELETE', `${C}/favicon`)],
  [
    'updateContainerViewport',
    (c) => c.uiBuilder.updateContainerViewport('A', 'shop', B),
    json('PUT', `${C}/viewport`, B),
  ],
  [
    'updateContainerMetaTags',
    (c) => c.uiBuilder.updateContainerMetaTags('A', 'shop', [B]),
    json('PUT', `${C}/meta-tags`, [B]),
  ],
  [
    'updateContainerCustomHeadContent',
    (c) => c.uiBuilder.updateContainerCustomHeadContent('A', 'shop', '<meta>'),
    json('PUT', `${C}/custom-head-content`, { data: '<meta>' }),
  ],
  [
    'updateContainerExternalLibraries',
    (c) => c.uiBuilder.updateContainerExternalLibraries('A', 'shop', [B]),
    json('PUT', `${C}/external-libraries`, [B]),
  ],
  [
    'updateContainerPWASettings',
    (c) => c.uiBuilder.updateContainerPWASettings('A', 'shop', B),
    json('PUT', `${C}/pwa/settings`, B),
  ],
  [
    'updateContainerPWAIcon',
    (c) => c.uiBuilder.updateContainerPWAIcon('A', 'shop', new Blob(['i'])),
    form('PUT', `${C}/pwa/icon`),
  ],
];

/** The seven UI/logic routes pages, layouts and reusable components share. */
function ownerCases(kind: string, owner: string, id: string): ShapeCase[] {
  const m = (name: string) => name.replace('#', kind);
  const call =
    (name: string, ...args: unknown[]) =>
    (c: any) =>
      c.uiBuilder[m(name)]('A', 'shop', id, ...args);
  const ui = (kind === 'ReusableComponent' ? [] : [[m('get#UI'), call('get#UI'), get(`${owner}/ui`)]]) as ShapeCase[];
  return [
    ...ui,
    [m('update#UI'), call('update#UI', B), json('PUT', `${owner}/ui`, B)],
    [m('get#Logic'), call('get#Logic', 'u1', 'onClick'), get(`${owner}/logic/u1/onClick`)],
    [m('create#Logic'), call('create#Logic', 'u1', 'onClick'), bare('POST', `${owner}/logic/u1/onClick`)],
    [m('update#Logic'), call('update#Logic', 'u1', B), json('PUT', `${owner}/logic/u1/`, B)],
    [m('delete#Logic'), call('delete#Logic', 'u1', 'onClick'), bare('DELETE', `${owner}/logic/u1/onClick`)],
    [
      m('delete#UnusedLogic'),
      call('delete#UnusedLogic', ['u1']),
      json('DELETE', `${owner}/unused-logic`, { componentUids: ['u1'] }),
    ],
  ];
}

const R = `${C}/components/reusable`;
const X = `${C}/components/custom`;
const F = `${C}/functions`;
const parts: ShapeCase[] = [
  [
    'createPage',
    (c) => c.uiBuilder.createPage('A', 'shop', { name: 'orders' }),
    json('POST', `${C}/pages`, { name: 'orders' }),
  ],
  ['updatePage', (c) => c.uiBuilder.updatePage('A', 'shop', 'orders', B), json('PUT', `${C}/pages/orders`, B)],
  ['deletePage', (c) => c.uiBuilder.deletePage('A', 'shop', 'orders'), bare('DELETE', `${C}/pages/orders`)],
  ...ownerCases('Page', `${C}/pages/orders`, 'orders'),
  ['createLayout', (c) => c.uiBuilder.createLayout('A', 'shop', B), json('POST', `${C}/layouts`, B)],
  ['updateLayout', (c) => c.uiBuilder.updateLayout('A', 'shop', 'L1', B), json('PUT', `${C}/layouts/L1`, B)],
  ['deleteLayout', (c) => c.uiBuilder.deleteLayout('A', 'shop', 'L1'), bare('DELETE', `${C}/layouts/L1`)],
  ...ownerCases('Layout', `${C}/layouts/L1`, 'L1'),
  [
    'addReferenceToMarketplaceProduct',
    (c) => c.uiBuilder.addReferenceToMarketplaceProduct('A', 'shop', B),
    json('POST', `${C}/components/add-reference`, B),
  ],
  [
    'installComponentFromMarketplace',
    (c) => c.uiBuilder.installComponentFromMarketplace('A', 'shop', 'p1', B),
    json('POST', `${C}/components/install/p1`, B),
  ],
  ['createReusableComponent', (c) => c.uiBuilder.createReusableComponent('A', 'shop', B), json('POST', R, B)],
  [
    'cloneReusableComponent',
    (c) => c.uiBuilder.cloneReusableComponent('A', 'shop', 'r1', B),
    json('POST', `${R}/r1/clone`, B),
  ],
  [
    'upgradeReusableComponent',
    (c) => c.uiBuilder.upgradeReusableComponent('A', 'shop', 'r1', B),
    json('POST', `${R}/r1/upgrade`, B),
  ],
  ['loadReusableComponent', (c) => c.uiBuilder.loadReusableComponent('A', 'shop', 'r1'), get(`${R}/r1`)],
  [
    'updateReusableComponent',
    (c) => c.uiBuilder.updateReusableComponent('A', 'shop', { id: 'r1', a: 1 }),
    json('PUT', `${R}/r1`, { id: 'r1', a: 1 }),
  ],
  ['deleteReusableComponent', (c) => c.uiBuilder.deleteReusableComponent('A', 'shop', 'r1'), bare('DELETE', `${R}/r1`)],
  ...ownerCases('ReusableComponent', `${R}/r1`, 'r1'),
  ['createCustomComponent', (c) => c.uiBuilder.createCustomComponent('A', 'shop', B), json('POST', X, B)],
  [
    'cloneCustomComponent',
    (c) => c.uiBuilder.cloneCustomComponent('A', 'shop', 'x1', B),
    json('POST', `${X}/x1/clone`, B),
  ],
  [
    'upgradeCustomComponent',
    (c) => c.uiBuilder.upgradeCustomComponent('A', 'shop', 'x1', B),
    json('POST', `${X}/x1/upgrade`, B),
  ],
  ['loadCustomComponent', (c) => c.uiBuilder.loadCustomComponent('A', 'shop', 'x1'), get(`${X}/x1`)],
  ['deleteCustomComponent', (c) => c.uiBuilder.deleteCustomComponent('A', 'shop', 'x1'), bare('DELETE', `${X}/x1`)],
  [
    'updateCustomComponent',
    (c) => c.uiBuilder.updateCustomComponent('A', 'shop', { id: 'x1' }),
    json('PUT', `${X}/x1`, { id: 'x1' }),
  ],
  [
    'updateCustomComponentPreview',
    (c) => c.uiBuilder.updateCustomComponentPreview('A', 'shop', 'x1', B),
    json('PUT', `${X}/x1/preview`, B),
  ],
  [
    'loadComponentFileContent',
    (c) => c.uiBuilder.loadComponentFileContent('A', 'shop', 'x1', 'f1'),
    get(`${X}/x1/content/f1`),
  ],
  [
    'updateCustomComponentFiles',
    (c) => c.uiBuilder.updateCustomComponentFiles('A', 'shop', 'x1', [B]),
    json('PUT', `${X}/x1/content/`, { files: [B] }),
  ],
  [
    'uploadCustomComponentFiles',
    (c) => c.uiBuilder.uploadCustomComponentFiles('A', 'shop', 'x1', B),
    json('POST', `${X}/x1/files`, B),
  ],
  [
    'getCustomComponentFileDownloadLink',
    (c) => c.uiBuilder.getCustomComponentFileDownloadLink('A', 'shop', 'x1', 'f 1'),
    get(`${X}/x1/files/sign?fileId=f%201`),
  ],
  ['loadContainerFunctions', (c) => c.uiBuilder.loadContainerFunctions('A', 'shop'), get(F)],
  ['createContainerFunction', (c) => c.uiBuilder.createContainerFunction('A', 'shop', B), json('POST', F, B)],
  [
    'updateContainerFunction',
    (c) => c.uiBuilder.updateContainerFunction('A', 'shop', 'f1', B),
    json('PUT', `${F}/f1`, B),
  ],
  ['deleteContainerFunction', (c) => c.uiBuilder.deleteContainerFunction('A', 'shop', 'f1'), bare('DELETE', `${F}/f1`)],
  [
    'deleteContainerFunctionsPack',
    (c) => c.uiBuilder.deleteContainerFunctionsPack('A', 'shop', 'p1'),
    bare('DELETE', `${F}/remove-functions-pack/p1`),
  ],
  [
    'loadContainerFunctionLogic',
    (c) => c.uiBuilder.loadContainerFunctionLogic('A', 'shop', 'f1'),
    get(`${F}/f1/logic`),
  ],
  [
    'updateContainerFunctionLogic',
    (c) => c.uiBuilder.updateContainerFunctionLogic('A', 'shop', 'f1', B),
    json('PUT', `${F}/f1/logic`, B),
  ],
  [
    'installCustomFunctionsFromMarketplace',
    (c) => c.uiBuilder.installCustomFunctionsFromMarketplace('A', 'shop', 'p1'),
    bare('POST', `${F}/install/p1`),
  ],
  [
    'saveAutomationsTriggers',
    (c) => c.uiBuilder.saveAutomationsTriggers('A', 'shop', [B]),
    json('PUT', `${C}/automations`, [B]),
  ],
];

describeShapes('uiBuilder', [...library, ...containers, ...parts]);

describe('uiBuilder group: multipart bodies', () => {
  it('uploadBackup sends the file in `file` beside the plain data fields', async () => {
    const { client, calls } = recordingClient();
    await client.uiBuilder.uploadBackup('A', 'shop', new Blob(['zip']), { name: 'nightly', keep: 3 });
    const body = calls[0].body as FormData;
    expect([body.get('name'), body.get('keep'), await (body.get('file') as File).text()]).toEqual([
      'nightly',
      '3',
      'zip',
    ]);
  });

  it('the favicon travels in `favicon`, the PWA icon in `file`, a FormData as it is', async () => {
    const { client, calls } = recordingClient();
    await client.uiBuilder.uploadContainerFavicon('A', 'shop', new Uint8Array([7, 8]));
    await client.uiBuilder.updateContainerPWAIcon('A', 'shop', new Blob(['png']));
    const ready = new FormData();
    await client.uiBuilder.updateContainerPWAIcon('A', 'shop', ready);
    const fav = (calls[0].body as FormData).get('favicon') as File;
    const icon = (calls[1].body as FormData).get('file') as File;
    expect([new Uint8Array(await fav.arrayBuffer()), await icon.text(), calls[2].body]).toEqual([
      new Uint8Array([7, 8]),
      'png',
      ready,
    ]);
  });

  it('a refused save rejects with the server answer naming the node', async () => {
    const { client, reply } = recordingClient();
    const body = {
      code: 'UI_DOCUMENT_INVALID',
      message: 'Unknown component type Widget at node n1',
      details: { uid: 'n1' },
    };
    reply({ status: 400, body });
    await expect(client.uiBuilder.updatePageUI('A', 'shop', 'orders', { root: {} })).rejects.toMatchObject({
      status: 400,
      body,
    });
  });
});
