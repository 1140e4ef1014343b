// Parse Server as a benchmark peer, on PostgreSQL: started by bench/peers.mjs as a child process
// (it resolves parse-server and express from bench/peers/node_modules). Prints its port when ready.
// Arguments: <port> <databaseURI>
import express from 'express';
import { ParseServer } from 'parse-server';

const [port, databaseURI] = process.argv.slice(2);
const serverURL = `http://127.0.0.1:${port}/parse`;
const api = new ParseServer({
  databaseURI,
  appId: 'bench',
  masterKey: 'bench-master-key',
  restAPIKey: 'bench-rest-key',
  serverURL,
  logLevel: 'error',
  silent: process.env.BENCH_PARSE_VERBOSE !== '1',
  // Keeps Parse from complaining about a missing cloud code or mail setup; none is used here.
  allowClientClassCreation: false,
});
await api.start();
const app = express();
app.use('/parse', api.app);
app.listen(Number(port), '127.0.0.1', () => console.log(String(port)));
process.on('SIGTERM', () => process.exit(0));
