import { describeShapes, get, H } from './shape-cases.test-helpers.js';

const A = `${H}/A/console/lifecycle`;

describeShapes('lifecycle', [
  ['listProcesses', (c) => c.lifecycle.listProcesses('A'), get(`${A}/processes`)],
  ['getProcess', (c) => c.lifecycle.getProcess('A', 'P 1'), get(`${A}/processes/P%201`)],
]);
