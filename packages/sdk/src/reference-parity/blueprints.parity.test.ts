import { describeParity, fail, ok } from './parity.test-helpers.js';

const summary = { id: 'todo', name: 'To-do list', description: 'Tasks', contains: ['1 table: Task'] };
const full = {
  ...summary,
  tables: [{ name: 'Task', columns: ['title: STRING'], records: 3 }],
  roles: [],
  permissions: [],
  logic: [],
};

describeParity('blueprints', [
  ['get without an id lists them', (api) => api.blueprints.get(), [ok([summary])]],
  ['get of one', (api) => api.blueprints.get('todo'), [ok(full)]],
  ['get of an unknown one', (api) => api.blueprints.get('nope'), [fail("Unknown blueprint 'nope'", 404)]],
  ['get refused', (api) => api.blueprints.get(), [fail()]],
]);
