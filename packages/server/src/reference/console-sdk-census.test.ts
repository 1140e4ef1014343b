import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDbKinds, type TestServer, listenForClients } from '../test-helpers.js';
import { formatTally, runCensus } from './census.test-helpers.js';
import { startAirtableStandIn } from '../modules/transfer/airtable-standin.test-helpers.js';

// Every method of the published console clients, called once against a real listening server:
// 3.0.0 (the client of today) and 2.57.2 (the specification's 767 methods; it still has the
// automation and form editor groups that 3.0.0 dropped). A method fails the census when its
// request finds no route at all (404 `No route …`), is answered by the app API (a console path
// read as `/{appId}/{apiKey}/…`), breaks the server (5xx other than 501 NOT_AVAILABLE_YET), gets
// no answer, or sends nothing (then its stand-in arguments need an entry in `argsFor`). Refusals
// of the stand-in arguments (400, 404 of a missing table …) are fine: the route is there. The
// per-group tally is printed; BASALT_CENSUS_OUT=<file prefix> also writes every answer as JSON.
//
// SQLite only: which routes exist and which areas answer 501 is decided by route registration,
// which is the same on both databases; the database suites of each area cover their answers.
const require = createRequire(import.meta.url);
const clients: Array<
  [version: string, createClient: (url: string, authKey?: string, options?: object) => any, methods: number]
> = [
  ['3.0.0', require('backendless-console-sdk').createClient, 664],
  ['2.57.2', require('backendless-console-sdk-2.57.2').createClient, 767],
];

/** Methods whose stand-in arguments would send nothing: arguments of the kind the console passes. */
function argsFor(group: string, method: string, seat: { appId: string }): unknown[] | undefined {
  if (group === 'dataHives' && method === 'loadHiveStoreValues') return [seat.appId, 'census', 'key-value', ['census']];
  return undefined;
}

describe.skipIf(!testDbKinds().includes('sqlite'))(
  'census of the published console clients against the server [sqlite]',
  () => {
    let server: TestServer;
    let url: string;
    let airtable: Awaited<ReturnType<typeof startAirtableStandIn>>;

    beforeAll(async () => {
      // The Airtable methods reach a local stand-in of its API (the census makes no outside calls).
      airtable = await startAirtableStandIn();
      server = await startTestServer('sqlite', { airtableApiUrl: airtable.url, remoteFetchPrivate: true });
      url = await listenForClients(server);
    });
    afterAll(async () => {
      await server?.close();
      await airtable?.close();
    });

    for (const [version, createClient, methods] of clients) {
      it(`every method of backendless-console-sdk@${version} reaches a route`, async () => {
        const answers = await runCensus(version, createClient, { server, url }, argsFor);
        expect(answers).toHaveLength(methods);
        console.log(`census of backendless-console-sdk@${version}\n${formatTally(answers)}`);
        if (process.env.BASALT_CENSUS_OUT)
          fs.writeFileSync(`${process.env.BASALT_CENSUS_OUT}-${version}.json`, JSON.stringify(answers, null, 1));
        const broken = answers.filter((a) => !['ok', 'notAvailable', 'refused'].includes(a.kind));
        expect(broken.map((a) => `${a.group}.${a.method}: ${a.detail}`)).toEqual([]);
      }, 120_000);
    }
  },
);
