import { appDocument, operation, pathParam, type DocFrame } from './builder.js';

const statusSchema = {
  type: 'object',
  properties: {
    messageId: { type: 'string' },
    status: { type: 'string', description: 'published, scheduled, cancelled, failed …' },
    errorMessage: { type: ['string', 'null'] },
  },
  required: ['messageId', 'status'],
};

const publishBody = {
  type: 'object',
  properties: {
    message: { description: 'Any JSON value: what subscribers receive' },
    headers: { type: 'object', additionalProperties: true, description: 'Read by subscribers’ selectors' },
    subtopic: { type: 'string' },
    publisherId: { type: 'string' },
    publishPolicy: { type: 'string', enum: ['PUBSUB', 'PUSH', 'BOTH'] },
    pushBroadcast: { description: 'Push to every registered device (of the named operating systems)' },
    pushSinglecast: { type: 'array', items: { type: 'string' }, description: 'Device ids to push to' },
    publishAt: { type: 'integer', description: 'When to publish (ms since the epoch)' },
    repeatEvery: { type: 'integer', description: 'Repeat every so many seconds' },
    repeatExpiresAt: { type: 'integer', description: 'Stop repeating at (ms since the epoch)' },
  },
  required: ['message'],
};

/**
 * The document of one channel. Subscribing is not a REST call: subscribers listen over the
 * real-time connection (the SDK's `subscribe(channel)`), which the description says.
 */
export function channelDocument(frame: Omit<DocFrame, 'title' | 'description' | 'tags'>, channel: string) {
  const tag = `${channel} channel`;
  const messageId = pathParam('messageId', 'The id a publish answered');
  return appDocument(
    {
      ...frame,
      title: `${channel} messaging API`,
      description:
        `Publishing to channel ${channel} and following what became of a message. Subscribers receive ` +
        `messages over the real-time connection (Backendless SDK: \`Messaging.subscribe('${channel}')\`, ` +
        'then `addMessageListener`), optionally filtered by a selector over the headers.',
      tags: [{ name: tag, description: `Messages of ${channel}` }],
    },
    {
      [`/messaging/${channel}`]: {
        post: operation({
          id: 'publish',
          tag,
          summary: `Publish a message to ${channel}`,
          description:
            'Delivers now, or at `publishAt`, and again every `repeatEvery` seconds until `repeatExpiresAt`.',
          body: publishBody,
          answer: statusSchema,
          answerDescription: 'The message id and its status',
        }),
      },
      '/messaging/{messageId}': {
        get: operation({
          id: 'getMessageStatus',
          tag,
          summary: 'Status of a published message',
          parameters: [messageId],
          answer: statusSchema,
          answerDescription: 'The message status',
          notFound: 'No message has this id',
        }),
        delete: operation({
          id: 'cancel',
          tag,
          summary: 'Cancel a scheduled or repeating message',
          parameters: [messageId],
          answer: statusSchema,
          answerDescription: 'The message, now cancelled',
          notFound: 'No message has this id',
        }),
      },
    },
  );
}
