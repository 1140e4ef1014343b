import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The flow version whose step is writing, for the data events that write sets off: a data
 * trigger does not start its own version again from its own writes (an update trigger updating
 * its record would loop forever). The bus delivers events synchronously, inside this context.
 */
export const flowWrites = new AsyncLocalStorage<string>();
