/** Context blocks: the inputs of the call, its headers, user and configuration, and a handler's req/res. */
import { stringLiteral } from '../escape.js';
import { entry, HUE, statementBlock, textField, valueBlock, valueInput, type BlockSet } from './common.js';

export const contextBlocks: BlockSet = {
  definitions: [
    valueBlock(
      'basalt_context_param',
      'input %1',
      [textField('NAME', 'name')],
      null,
      HUE.context,
      'A named input of the call: a method parameter, a function input, an event argument or a handler argument.',
    ),
    valueBlock(
      'basalt_context_header',
      'request header %1',
      [textField('NAME', 'user-agent')],
      'String',
      HUE.context,
      'An HTTP header of the request (any case), or null.',
    ),
    valueBlock(
      'basalt_context_user_id',
      'id of the calling user',
      [],
      'String',
      HUE.context,
      'The objectId of the user who made the call, or null when anonymous.',
    ),
    valueBlock(
      'basalt_context_config',
      'configuration item %1',
      [textField('NAME', 'name')],
      null,
      HUE.context,
      'The value of a configuration item of the service.',
    ),
    valueBlock(
      'basalt_handler_item',
      'handler item',
      [],
      'Object',
      HUE.context,
      'The object the handled request carries (req.item).',
    ),
    statementBlock(
      'basalt_handler_set_item_field',
      'set handler item field %1 to %2',
      [textField('KEY', 'name'), valueInput('VALUE')],
      HUE.context,
      'Changes a property of the object the handled request carries, before it is stored.',
    ),
    valueBlock(
      'basalt_handler_result',
      'handler result',
      [],
      null,
      HUE.context,
      'What the handled operation answered (res.result), in an after-handler.',
    ),
  ],
  generators: {
    basalt_context_param: {
      value: (b) => {
        const name = b.text('NAME', { nonEmpty: true, max: 200 });
        const known = b.walk.options.params;
        if (known && !known.includes(name)) b.fail(`there is no input named ${stringLiteral(name)}`);
        return `${b.helper('$b_get')}($params, ${stringLiteral(name)})`;
      },
    },
    basalt_context_header: {
      value: (b) => `${b.helper('$b_header')}(${stringLiteral(b.text('NAME', { nonEmpty: true, max: 200 }))})`,
    },
    basalt_context_user_id: { value: () => '(($ctx && $ctx.userId) || null)' },
    basalt_context_config: {
      value: (b) =>
        `${b.helper('$b_get')}($ctx && $ctx.configurationItems, ${stringLiteral(b.text('NAME', { nonEmpty: true, max: 200 }))})`,
    },
    basalt_handler_item: {
      value: (b) => {
        b.onlyIn(['handler'], 'the handler item');
        // $req and $res are the runtime's own objects: read directly, whatever their prototype.
        return '($req && $req.item !== undefined ? $req.item : null)';
      },
    },
    basalt_handler_set_item_field: {
      statement: (b) => {
        b.onlyIn(['handler'], 'the handler item');
        const key = stringLiteral(b.text('KEY', { nonEmpty: true, max: 200 }));
        return `${b.helper('$b_set')}($req.item, ${key}, ${b.value('VALUE', 'value')});`;
      },
    },
    basalt_handler_result: {
      value: (b) => {
        b.onlyIn(['handler'], 'the handler result');
        return '($res && $res.result !== undefined ? $res.result : null)';
      },
    },
  },
  toolbox: [
    entry('basalt_context_param'),
    entry('basalt_context_header'),
    entry('basalt_context_user_id'),
    entry('basalt_context_config'),
    entry('basalt_handler_item'),
    entry('basalt_handler_set_item_field'),
    entry('basalt_handler_result'),
  ],
};
