import { H, bare, describeShapes, json } from './shape-cases.test-helpers.js';

const D = `${H}/A/console/api-docs`;

describeShapes('apiDocs', [
  [
    'generateDataTableApi',
    (c) => c.apiDocs.generateDataTableApi('A', 'Person', {}),
    json('POST', `${D}/data/table/Person`, {}),
  ],
  [
    'generateDataTableApi(odd name)',
    (c) => c.apiDocs.generateDataTableApi('A', 'a/b', { x: 1 }),
    json('POST', `${D}/data/table/a%2Fb`, { x: 1 }),
  ],
  [
    'generateMessagingChannelApi',
    (c) => c.apiDocs.generateMessagingChannelApi('A', 'news'),
    bare('POST', `${D}/messaging/channel/news`),
  ],
  ['generateFilesApi', (c) => c.apiDocs.generateFilesApi('A'), bare('POST', `${D}/files`)],
  [
    'generateServiceApi',
    (c) => c.apiDocs.generateServiceApi('A', 'S1', 'default', {}),
    json('POST', `${D}/services/S1/default`, {}),
  ],
  ['generateGeoApi', (c) => c.apiDocs.generateGeoApi('A'), bare('POST', `${D}/geo`)],
  ['getConsoleApi', (c) => c.apiDocs.getConsoleApi(), bare('GET', `${H}/console/openapi.json`)],
]);
