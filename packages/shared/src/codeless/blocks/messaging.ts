/** Messaging blocks: publish to a channel and send an email. */
import { asText } from '../escape.js';
import { entry, HUE, statementBlock, textShadow, valueInput, type BlockSet } from './common.js';

export const messagingBlocks: BlockSet = {
  definitions: [
    statementBlock(
      'basalt_messaging_publish',
      'publish to channel %1 message %2',
      [valueInput('CHANNEL', 'String'), valueInput('MESSAGE')],
      HUE.messaging,
      'Publishes a message (text or object) to a messaging channel.',
    ),
    statementBlock(
      'basalt_messaging_send_email',
      'send email to %1 subject %2 text %3 html %4',
      [
        valueInput('TO', ['String', 'Array']),
        valueInput('SUBJECT', 'String'),
        valueInput('TEXT', 'String'),
        valueInput('HTML', 'String'),
      ],
      HUE.messaging,
      'Sends an email to one address or a list of addresses; text and html are both optional.',
    ),
  ],
  generators: {
    basalt_messaging_publish: {
      statement: (b) =>
        `await basalt.messaging.publish(${asText(b.value('CHANNEL', 'channel'))}, ${b.value('MESSAGE', 'message')});`,
    },
    basalt_messaging_send_email: {
      statement: (b) => {
        const to = b.value('TO', 'to');
        const parts = [`subject: ${asText(b.value('SUBJECT', 'subject'))}`];
        for (const [input, key] of [
          ['TEXT', 'text'],
          ['HTML', 'html'],
        ]) {
          const v = b.optionalValue(input);
          if (v !== undefined) parts.push(`${key}: ${asText(v)}`);
        }
        const list = b.temp('to');
        return [
          `{`,
          `  const ${list} = ${to};`,
          `  await basalt.messaging.sendEmail({ ${parts.join(', ')}, to: Array.isArray(${list}) ? ${list}.map(String) : ${asText(list)} });`,
          `}`,
        ].join('\n');
      },
    },
  },
  toolbox: [
    entry('basalt_messaging_publish', { CHANNEL: textShadow('default'), MESSAGE: textShadow('') }),
    entry('basalt_messaging_send_email', { SUBJECT: textShadow(''), TEXT: textShadow('') }),
  ],
};
