/** The SDK's `analytics` and `activityManager` groups against the real server, on both databases. */
import { expect, it } from 'vitest';
import { describeAgainstServer } from './server-session.test-helpers.js';

const DAY = 86_400_000;

describeAgainstServer('SDK analytics against the server', (session) => {
  it('shows 30 app API calls with the REST key as 30 REST calls of the day, and a registration as a new user', async () => {
    const { client, appId, url, apiKeys: keys } = session();
    for (let i = 0; i < 30; i++) {
      const res = await fetch(`${url}/${appId}/${keys.REST}/data/Users?pageSize=1`);
      expect(res.status).toBe(200);
      await res.text();
    }
    const register = await fetch(`${url}/${appId}/${keys.JS}/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'new.user@example.com', password: 'secret pass 1' }),
    });
    expect(register.status).toBe(200);

    const today = Math.floor(Date.now() / DAY) * DAY;
    const rest = await client.analytics.apiCalls(appId, { clientTypes: ['REST'], period: 'month' });
    expect(rest).toEqual([
      {
        timestamp: today,
        apiKeyName: 'REST',
        serviceName: null,
        methodName: null,
        successCallCount: 30,
        errorCount: 0,
      },
    ]);
    const detailed = await client.analytics.apiCalls(appId, {
      columns: { services: true, methods: true },
      period: 'custom',
      from: today,
      to: today,
    });
    expect(detailed).toContainEqual(
      expect.objectContaining({ apiKeyName: 'JS', serviceName: 'users', methodName: 'register', successCallCount: 1 }),
    );

    const users = await client.analytics.users(appId, { period: 'month' });
    expect(users).toEqual([{ timestamp: today, activeUsers: 0, newUsers: 1, registeredUsers: 1, returningUsers: 0 }]);

    const hour = { name: 'HOUR', value: 3_600_000 };
    const from = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const perf = await client.analytics.performance(appId, { aggInterval: hour, from, to: from });
    expect(perf[from]).toMatchObject({ count: 31 });
    const stats = await client.analytics.getAppStats(appId, 'month');
    expect(stats).toMatchObject({ period: 'MONTH', apiCalls: 31, errors: 0, newUsers: 1 });
  });

  it('stores an activity event', async () => {
    const { client, appId } = session();
    expect(await client.activityManager.send(appId, { type: 'PAGE_VIEW' })).toEqual({ success: true });
  });
});
