import { appDocument, json, operation, pagingParams, pathParam, queryParam, type DocFrame } from './builder.js';

const TAG = 'Files';
const filePath = pathParam(
  'path',
  'The file or directory path inside the app’s files (slashes included)',
  'docs/readme.txt',
);
const overwrite = queryParam('overwrite', 'Replace an existing file (otherwise that is an error)', { type: 'boolean' });
const urlAnswer = { type: 'string', description: 'The URL of the file' };

const entrySchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    url: { type: 'string' },
    publicUrl: { type: 'string' },
    createdOn: { type: 'integer', description: 'ms since the epoch' },
    size: { type: 'integer' },
  },
  required: ['name'],
};

const moveBody = {
  type: 'object',
  properties: { sourcePath: { type: 'string' }, targetPath: { type: 'string' } },
  required: ['sourcePath', 'targetPath'],
};

/** The document of the files API (one per app: it does not depend on the app's schema). */
export function filesDocument(frame: Omit<DocFrame, 'title' | 'description' | 'tags'>) {
  const movement = (op: 'copy' | 'move') => ({
    put: operation({
      id: `${op}File`,
      tag: TAG,
      summary: op === 'copy' ? 'Copy a file or directory' : 'Move a file or directory',
      body: moveBody,
      answer: urlAnswer,
      answerDescription: 'The URL at the target',
      notFound: 'Nothing is stored at sourcePath',
    }),
  });
  return appDocument(
    {
      ...frame,
      title: 'Files API',
      description: "The app's file storage: upload, download, list, copy, move, rename and delete.",
      tags: [{ name: TAG, description: 'Files and directories' }],
    },
    {
      '/files/{path}': {
        get: operation({
          id: 'getFile',
          tag: TAG,
          summary: 'Download a file, or list a directory',
          description:
            'A file answers its content; a directory answers its entries. `action=exists` answers a boolean, ' +
            '`action=count` the number of entries.',
          parameters: [
            filePath,
            queryParam('action', 'exists or count instead of the content', {
              type: 'string',
              enum: ['exists', 'count'],
            }),
            queryParam('pattern', 'Directory listing: a glob over names, e.g. `*.png`'),
            queryParam('sub', 'Directory listing: include subdirectories', { type: 'boolean' }),
            ...pagingParams('pagesize'),
          ],
          answer: { type: 'array', items: entrySchema },
          answerDescription: 'The file content, or the directory entries',
          answerContent: {
            'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
            ...json({ type: 'array', items: entrySchema }),
          },
          notFound: 'Nothing is stored at this path',
        }),
        post: operation({
          id: 'uploadFile',
          tag: TAG,
          summary: 'Upload a file',
          description:
            'A multipart part named `file`, or JSON `{url}` for the server to fetch. The path’s last segment is the stored name.',
          parameters: [filePath, overwrite],
          bodyContent: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
              },
            },
            ...json({ type: 'object', properties: { url: { type: 'string', format: 'uri' } }, required: ['url'] }),
          },
          answer: { type: 'object', properties: { fileURL: { type: 'string' } }, required: ['fileURL'] },
          answerDescription: 'The URL of the stored file',
        }),
        delete: operation({
          id: 'deleteFile',
          tag: TAG,
          summary: 'Delete a file or a directory',
          parameters: [filePath],
          answer: { type: 'integer' },
          answerDescription: 'How many files were deleted',
          notFound: 'Nothing is stored at this path',
        }),
      },
      '/files/binary/{path}': {
        put: operation({
          id: 'saveFile',
          tag: TAG,
          summary: 'Save a file from base64 text',
          parameters: [filePath, overwrite],
          bodyContent: { 'text/plain': { schema: { type: 'string', contentEncoding: 'base64' } } },
          answer: urlAnswer,
          answerDescription: 'The URL of the stored file',
        }),
      },
      '/files/copy': movement('copy'),
      '/files/move': movement('move'),
      '/files/rename': {
        put: operation({
          id: 'renameFile',
          tag: TAG,
          summary: 'Rename a file or directory',
          body: {
            type: 'object',
            properties: { oldPathName: { type: 'string' }, newName: { type: 'string' } },
            required: ['oldPathName', 'newName'],
          },
          answer: urlAnswer,
          answerDescription: 'The new URL',
          notFound: 'Nothing is stored at oldPathName',
        }),
      },
    },
  );
}
