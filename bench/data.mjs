// Data benchmarks: record create, find with a where on an indexed column (pageSize 15), count,
// and bulk insert (100 records a request), through the console API over loopback.
import { json, measure } from './lib.mjs';

export async function run({ server, authKey, appId }) {
  const base = `${server.url}/${appId}/console/data`;
  await json(`${base}/tables`, { method: 'POST', authKey, body: { name: 'BenchPerson' } });
  await json(`${base}/tables/BenchPerson/columns`, { method: 'POST', authKey, body: { name: 'name', dataType: 'STRING' } });
  await json(`${base}/tables/BenchPerson/columns`, { method: 'POST', authKey, body: { name: 'age', dataType: 'INT', indexed: true } });

  const rows = [];
  rows.push(await measure('record create (POST data/{table})', (i) => json(`${base}/BenchPerson`, { method: 'POST', authKey, body: { name: `p${i}`, age: i % 100 } }), { count: 2000, concurrency: 8 }));
  rows.push(await measure('bulk insert, 100 records a request', (i) => json(`${base}/bulk/BenchPerson`, {
    method: 'POST', authKey, body: Array.from({ length: 100 }, (_, k) => ({ name: `b${i}-${k}`, age: (i + k) % 100 })),
  }), { count: 200, concurrency: 4 }));
  rows.push(await measure('find where age = n (indexed), pageSize 15', (i) => json(`${base}/BenchPerson/find`, { method: 'POST', authKey, body: { where: `age = ${i % 100}`, pageSize: 15, offset: 0 } }), { count: 3000, concurrency: 8 }));
  rows.push(await measure('count where age > n', (i) => json(`${base}/BenchPerson/count`, { method: 'POST', authKey, body: { where: `age > ${i % 100}` } }), { count: 2000, concurrency: 8 }));
  return rows;
}
