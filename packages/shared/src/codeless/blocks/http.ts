/** The HTTP block: one outgoing request through basalt.http.fetch. */
import { stringLiteral } from '../escape.js';
import { dropdown, entry, HUE, textShadow, valueBlock, valueInput, type BlockSet } from './common.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const httpBlocks: BlockSet = {
  definitions: [
    valueBlock(
      'basalt_http_request',
      '%1 request to %2 body %3 headers %4',
      [dropdown('METHOD', METHODS), valueInput('URL', 'String'), valueInput('BODY'), valueInput('HEADERS', 'Object')],
      'Object',
      HUE.http,
      'Calls a URL and answers {status, headers, body}; an object body is sent as JSON, a JSON answer is parsed.',
    ),
  ],
  generators: {
    basalt_http_request: {
      value: (b) => {
        const method = stringLiteral(b.option('METHOD', METHODS));
        const body = b.optionalValue('BODY') ?? 'undefined';
        const headers = b.optionalValue('HEADERS') ?? 'undefined';
        return `(await ${b.helper('$b_http')}(${method}, ${b.value('URL', 'URL')}, ${body}, ${headers}))`;
      },
    },
  },
  toolbox: [entry('basalt_http_request', { URL: textShadow('https://') })],
};
