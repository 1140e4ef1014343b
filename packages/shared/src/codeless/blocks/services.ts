/** Service blocks: call a method of a deployed service, dispatch a custom event. */
import { stringLiteral } from '../escape.js';
import { entry, HUE, textField, valueBlock, valueInput, type BlockSet } from './common.js';

export const serviceBlocks: BlockSet = {
  definitions: [
    valueBlock(
      'basalt_invoke_service',
      'call service %1 method %2 with arguments %3',
      [textField('SERVICE', 'Service'), textField('METHOD', 'method'), valueInput('ARGS', 'Object')],
      null,
      HUE.services,
      'Calls a method of a cloud code service with an object of arguments by name; answers what it returns.',
    ),
    valueBlock(
      'basalt_dispatch_event',
      'dispatch custom event %1 with arguments %2',
      [textField('EVENT', 'event'), valueInput('ARGS', 'Object')],
      null,
      HUE.services,
      'Runs the handler of a custom event with an object of arguments; answers what it returns.',
    ),
  ],
  generators: {
    basalt_invoke_service: {
      value: (b) => {
        const service = b.text('SERVICE', { nonEmpty: true, max: 200 });
        const method = b.text('METHOD', { nonEmpty: true, max: 200 });
        b.walk.services.add(`${service}.${method}`);
        const args = b.optionalValue('ARGS') ?? '{}';
        return `(await basalt.services.invoke(${stringLiteral(service)}, ${stringLiteral(method)}, ${args}))`;
      },
    },
    basalt_dispatch_event: {
      value: (b) => {
        const event = stringLiteral(b.text('EVENT', { nonEmpty: true, max: 200 }));
        return `(await basalt.events.dispatch(${event}, ${b.optionalValue('ARGS') ?? '{}'}))`;
      },
    },
  },
  toolbox: [entry('basalt_invoke_service'), entry('basalt_dispatch_event')],
};
