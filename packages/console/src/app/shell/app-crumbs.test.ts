import { describe, expect, it } from 'vitest';
import { appCrumbs } from './app-crumbs';

const labels = (path: string) => appCrumbs(path, 'A1', 'Shop').map((c) => c.label);

describe('app breadcrumbs', () => {
  it('name the app, the area and a tool page without the `-` marker', () => {
    expect(labels('/apps/A1/data/-/cache')).toEqual(['Shop', 'Data', 'Cache']);
    expect(labels('/apps/A1/data/-/hives/sessions/key-value')).toEqual([
      'Shop',
      'Data',
      'Hives',
      'sessions',
      'key-value',
    ]);
    expect(labels('/apps/A1/data/-/views/v1')).toEqual(['Shop', 'Data', 'Views', 'v1']);
  });

  it('show names the developer chose as typed, decoded', () => {
    expect(labels('/apps/A1/data/Person')).toEqual(['Shop', 'Data', 'Person']);
    expect(labels('/apps/A1/data/my%20table')).toEqual(['Shop', 'Data', 'my table']);
    expect(labels('/apps/A1/overview')).toEqual(['Shop', 'Overview']);
  });

  it('name the pages of areas made of fixed pages as their tabs do, and what follows as typed', () => {
    expect(labels('/apps/A1/settings/mobile')).toEqual(['Shop', 'Settings', 'Mobile']);
    expect(labels('/apps/A1/settings/api-keys')).toEqual(['Shop', 'Settings', 'API keys']);
    expect(labels('/apps/A1/security/run-as')).toEqual(['Shop', 'Security', 'Run as']);
    expect(labels('/apps/A1/users/auth0')).toEqual(['Shop', 'Users', 'Auth0']);
    expect(labels('/apps/A1/messaging/buttons')).toEqual(['Shop', 'Messaging', 'Button templates']);
    expect(labels('/apps/A1/messaging/channels/news/live')).toEqual(['Shop', 'Messaging', 'Channels', 'news', 'live']);
    // A channel named like a section is still the developer's name.
    expect(labels('/apps/A1/messaging/channels/push')).toEqual(['Shop', 'Messaging', 'Channels', 'push']);
    // Files are folders the developer named, even one called "mobile".
    expect(labels('/apps/A1/files/mobile')).toEqual(['Shop', 'Files', 'mobile']);
  });

  it('read an id as the name its page gave it', () => {
    const named = new Map([
      ['s1', 'Calc'],
      ['m1', 'sum'],
    ]);
    expect(appCrumbs('/apps/A1/code/codeless/services/s1/m1', 'A1', 'Shop', named).map((c) => c.label)).toEqual([
      'Shop',
      'Cloud Code',
      'Codeless',
      'services',
      'Calc',
      'sum',
    ]);
  });

  it('link the app and its area, not the page itself', () => {
    const crumbs = appCrumbs('/apps/A1/data/-/cache', 'A1', undefined);
    expect(crumbs[0]).toEqual({ label: 'A1', to: '/apps/A1/overview' });
    expect(crumbs[1].to).toBe('/apps/A1/data');
    expect(crumbs[2].to).toBeUndefined();
  });
});
