/* global Backendless */
// A task always has a real title and starts not done, whichever client creates it.
Backendless.ServerCode.Persistence.beforeCreate('Task', async (req) => {
  const title = typeof req.item.title === 'string' ? req.item.title.trim() : '';
  if (!title) throw new Backendless.ServerCode.Error(4001, 'A task needs a title', 400);
  req.item.title = title;
  if (req.item.done === undefined || req.item.done === null) req.item.done = false;
});
