import { recordWriter } from '../../data/index.js';

/**
 * The flow version whose step is writing, for the data events that write sets off: a data
 * trigger does not start its own version again from its own writes (an update trigger updating
 * its record would loop forever). The data service reads it at the write and keeps it with the
 * event in the outbox (decision 0072), so it holds whenever the event is relayed.
 */
export const flowWrites = recordWriter;
