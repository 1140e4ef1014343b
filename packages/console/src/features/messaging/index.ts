/** What the Messaging area offers the rest of the console. */
export { messagingKeys } from './api/messaging.keys';
export { useLoadChannels } from './api/messaging.queries';
