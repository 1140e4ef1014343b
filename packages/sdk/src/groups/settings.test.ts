import { H, bare, describeShapes, get, json } from './shape-cases.test-helpers.js';

const S = `${H}/A/console/mobilesettings`;

describeShapes('settings', [
  ['getMobileSettings', (c) => c.settings.getMobileSettings('A'), get(S)],
  ['createAndroidMobileSettings', (c) => c.settings.createAndroidMobileSettings('A', { projectId: 'p' }), json('POST', `${S}/android`, { projectId: 'p' })],
  ['updateAndroidMobileSettings', (c) => c.settings.updateAndroidMobileSettings('A', { projectId: 'p' }, 'ID1'), json('PUT', `${S}/android/ID1`, { projectId: 'p' })],
  ['deleteAndroidMobileSettings', (c) => c.settings.deleteAndroidMobileSettings('A', 'ID1'), bare('DELETE', `${S}/android/ID1`)],
  ['createAppleMobileSettings', (c) => c.settings.createAppleMobileSettings('A', { keyId: 'K' }, 'ios'), json('POST', `${S}/ios`, { keyId: 'K' })],
  ['updateAppleMobileSettings', (c) => c.settings.updateAppleMobileSettings('A', { keyId: 'K' }, 'ID2', 'ios'), json('PUT', `${S}/ios/ID2`, { keyId: 'K' })],
  ['deleteAppleMobileCertificate', (c) => c.settings.deleteAppleMobileCertificate('A', 'ID2', 'ios'), bare('DELETE', `${S}/ios/ID2`)],
]);
