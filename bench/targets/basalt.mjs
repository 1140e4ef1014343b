// Basalt as a target of the records workload, through its two front doors: the app API (API key
// in the path, roles and the permission engine, as apps call it) and the console API (developer
// auth key, app access and team permissions, as the console calls it). Both go through the where
// language for find and count.
import { json, request } from '../lib.mjs';

async function defineTable(base, authKey, name) {
  await json(`${base}/tables`, { method: 'POST', authKey, body: { name } });
  await json(`${base}/tables/${name}/columns`, { method: 'POST', authKey, body: { name: 'name', dataType: 'STRING' } });
  await json(`${base}/tables/${name}/columns`, {
    method: 'POST',
    authKey,
    body: { name: 'age', dataType: 'INT', indexed: true },
  });
}

/** Records through the console API (`/{appId}/console/data/...`) with the developer's auth key. */
export async function consoleTarget({ server, authKey, appId }, table) {
  const base = `${server.url}/${appId}/console/data`;
  await defineTable(base, authKey, table);
  const headers = { 'auth-key': authKey };
  return {
    pid: server.pid,
    create: (i) => request('POST', `${base}/${table}`, { headers, body: { name: `p${i}`, age: i % 100 } }),
    find: (age) => request('POST', `${base}/${table}/find`, { headers, body: { where: `age = ${age}`, pageSize: 15 } }),
    count: (age) => request('POST', `${base}/${table}/count`, { headers, body: { where: `age > ${age}` } }),
    bulk: (_i, rows) => request('POST', `${base}/bulk/${table}`, { headers, body: rows }),
  };
}

/**
 * Records through the app API (`/{appId}/{apiKey}/data/...`) with the app's REST key: anonymous, or
 * with `asUser` as a registered, logged-in app user sending its `user-token` on every request (its
 * session is looked up for each one, and the records it creates are its own).
 */
export async function appApiTarget({ server, authKey, appId }, table, { asUser = false } = {}) {
  await defineTable(`${server.url}/${appId}/console/data`, authKey, table);
  const info = (await json(`${server.url}/${appId}/console/app-info`, { authKey })).body;
  const apiKey = info.apiKeys.find((k) => k.deviceType === 'REST').apiKey;
  const base = `${server.url}/${appId}/${apiKey}/data`;
  let headers = {};
  if (asUser) {
    const email = `bench-user${Date.now()}@example.com`;
    await json(`${server.url}/${appId}/${apiKey}/users/register`, {
      method: 'POST',
      body: { email, password: 'bench password 1' },
    });
    const login = await json(`${server.url}/${appId}/${apiKey}/users/login`, {
      method: 'POST',
      body: { login: email, password: 'bench password 1' },
    });
    headers = { 'user-token': login.body['user-token'] };
  }
  return {
    pid: server.pid,
    create: (i) => request('POST', `${base}/${table}`, { headers, body: { name: `p${i}`, age: i % 100 } }),
    find: (age) => request('POST', `${base}/${table}/find`, { headers, body: { where: `age = ${age}`, pageSize: 15 } }),
    count: (age) => request('POST', `${base}/${table}/count`, { headers, body: { where: `age > ${age}` } }),
    bulk: (_i, rows) => request('POST', `${base}/bulk/${table}`, { headers, body: rows }),
  };
}
