/**
 * `@basalt/sdk/bridge`: cross-window messaging (request, response and event messages with a
 * connect handshake) between the console and an embedded preview window.
 */
export * from './bridge.js';
export * from './messages.js';
