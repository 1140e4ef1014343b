import { describeParity, fail, ok } from './parity.test-helpers.js';

const A = 'test-app-id';
const entry = { name: 'a.txt', size: 3, url: 'docs/a.txt' };
const page = (n: number, name: string) => Array.from({ length: n }, () => ({ name }));

describeParity('files', [
  [
    'loadDirectory of the root: the listing, then its count',
    (api) => api.files.loadDirectory(A),
    [ok([entry, { name: 'docs' }]), ok(25)],
  ],
  ['loadDirectory of a folder', (api) => api.files.loadDirectory(A, '/uploads/images'), [ok([]), ok(10)]],
  [
    'loadDirectory with filter, sort and paging (the count keeps the filter only)',
    (api) =>
      api.files.loadDirectory(A, '/docs', {
        pattern: '*.txt',
        sub: true,
        sortBy: 'name',
        sortDirection: 'asc',
        pageSize: 20,
        offset: 40,
      }),
    [ok([]), ok(5)],
  ],
  [
    'loadDirectory of a folder with reserved characters',
    (api) => api.files.loadDirectory(A, '/folder with spaces/special-chars@#$&+?='),
    [ok([]), ok(1)],
  ],
  ['loadDirectory refused', (api) => api.files.loadDirectory(A, '/nonexistent'), [fail('Directory not found', 404)]],
  [
    'loadFullDirectory: the count, then every page of 100',
    (api) => api.files.loadFullDirectory(A, '/uploads'),
    [ok(250), ok(page(100, 'p1')), ok(page(100, 'p2')), ok(page(50, 'p3'))],
  ],
  [
    'loadFullDirectory with filter and sort (count without them)',
    (api) => api.files.loadFullDirectory(A, '/documents', { pattern: '*.pdf', sortBy: 'size' }),
    [ok(150), ok([]), ok([])],
  ],
  [
    'loadFullDirectory when the count is refused',
    (api) => api.files.loadFullDirectory(A, '/private'),
    [fail('Permission denied', 403)],
  ],
  ['createDir inside a folder', (api) => api.files.createDir(A, '/uploads', 'new-folder'), [ok({ foo: 'bar' })]],
  ['createDir in the root', (api) => api.files.createDir(A, '', 'root-folder'), [ok({ foo: 'bar' })]],
  [
    'createDir with reserved characters in the name',
    (api) => api.files.createDir(A, '/test', 'folder with spaces & symbols'),
    [ok({ foo: 'bar' })],
  ],
  [
    'createDir refused',
    (api) => api.files.createDir(A, '/uploads', 'existing'),
    [fail('Directory already exists', 409)],
  ],
  [
    'getFileContent answers the parsed body',
    (api) => api.files.getFileContent(A, '/uploads/test.txt'),
    [ok('Hello, World!')],
  ],
  [
    'getFileContent with reserved characters',
    (api) => api.files.getFileContent(A, '/docs/file with spaces & symbols.txt'),
    [ok('content')],
  ],
  ['getFileContent refused', (api) => api.files.getFileContent(A, '/nonexistent.txt'), [fail('File not found', 404)]],
  [
    'performOperation on a file',
    (api) => api.files.performOperation(A, '/uploads/test.txt', 'compress'),
    [ok({ foo: 'bar' })],
  ],
  [
    'performOperation on the root (null path)',
    (api) => api.files.performOperation(A, null, 'cleanup'),
    [ok({ foo: 'bar' })],
  ],
  [
    'performOperation on the root (empty path)',
    (api) => api.files.performOperation(A, '', 'maintenance'),
    [ok({ foo: 'bar' })],
  ],
  [
    'performOperation refused',
    (api) => api.files.performOperation(A, '/system/config.txt', 'delete'),
    [fail('Operation not permitted', 403)],
  ],
  ['fileExists', (api) => api.files.fileExists(A, '/uploads/test.txt'), [ok({ exists: true })]],
  ['fileExists with spaces', (api) => api.files.fileExists(A, '/docs/file with spaces.pdf'), [ok({ exists: false })]],
  ['fileExists refused', (api) => api.files.fileExists(A, '/test.txt'), [fail('Internal server error', 500)]],
  [
    'editFile sends {file}',
    (api) => api.files.editFile(A, '/uploads/test.txt', 'Updated file content'),
    [ok({ foo: 'bar' })],
  ],
  [
    'editFile with reserved characters',
    (api) => api.files.editFile(A, '/docs/my file & notes.txt', 'new content'),
    [ok({ foo: 'bar' })],
  ],
  [
    'editFile refused',
    (api) => api.files.editFile(A, '/system/config.txt', 'new content'),
    [fail('File is read-only', 403)],
  ],
  [
    'createFile sends {file} accepting anything',
    (api) => api.files.createFile(A, '/uploads/newfile.txt', 'New file content'),
    [ok({ foo: 'bar' })],
  ],
  [
    'createFile with reserved characters',
    (api) => api.files.createFile(A, '/docs/new file & notes.txt', 'content'),
    [ok({ foo: 'bar' })],
  ],
  [
    'createFile refused',
    (api) => api.files.createFile(A, '/uploads/existing.txt', 'content'),
    [fail('File already exists', 409)],
  ],
  [
    'moveFile sends the encoded destination as a bare body',
    (api) => api.files.moveFile(A, '/uploads/old.txt', '/documents/new.txt'),
    [ok({ foo: 'bar' })],
  ],
  [
    'moveFile with spaces on both sides',
    (api) => api.files.moveFile(A, '/old folder/file.txt', '/new folder/renamed file.txt'),
    [ok({ foo: 'bar' })],
  ],
  [
    'moveFile refused',
    (api) => api.files.moveFile(A, '/nonexistent.txt', '/new.txt'),
    [fail('Source file not found', 404)],
  ],
  [
    'copyFile sends the encoded destination as a bare body',
    (api) => api.files.copyFile(A, '/uploads/original.txt', '/backups/copy.txt'),
    [ok({ foo: 'bar' })],
  ],
  [
    'copyFile with reserved characters',
    (api) => api.files.copyFile(A, '/docs/original file.pdf', '/archive/copy & backup.pdf'),
    [ok({ foo: 'bar' })],
  ],
  [
    'copyFile refused',
    (api) => api.files.copyFile(A, '/source.txt', '/existing.txt'),
    [fail('Destination file already exists', 409)],
  ],
  [
    'renameFile sends the encoded name as a bare body',
    (api) => api.files.renameFile(A, '/uploads/oldname.txt', 'newname.txt'),
    [ok({ foo: 'bar' })],
  ],
  [
    'renameFile with reserved characters in the name',
    (api) => api.files.renameFile(A, '/docs/old file.txt', 'new file & notes.txt'),
    [ok({ foo: 'bar' })],
  ],
  [
    'renameFile refused',
    (api) => api.files.renameFile(A, '/file.txt', 'existing.txt'),
    [fail('File with this name already exists', 409)],
  ],
  ['deleteFile', (api) => api.files.deleteFile(A, '/uploads/unwanted.txt'), [ok({ foo: 'bar' })]],
  [
    'deleteFile with reserved characters',
    (api) => api.files.deleteFile(A, '/temp/file with spaces & symbols.tmp'),
    [ok({ foo: 'bar' })],
  ],
  ['deleteFile refused', (api) => api.files.deleteFile(A, '/nonexistent.txt'), [fail('File not found', 404)]],
  [
    'uploadFile sends the given body as it is',
    (api) => api.files.uploadFile(A, 'binary file data', '/uploads', 'test.txt'),
    [ok({ foo: 'bar' })],
  ],
  [
    'uploadFile with overwrite',
    (api) => api.files.uploadFile(A, 'file content', '/docs', 'document.pdf', true),
    [ok({ foo: 'bar' })],
  ],
  [
    'uploadFile with reserved characters in the name',
    (api) => api.files.uploadFile(A, 'content', '/uploads', 'file with spaces & symbols.txt'),
    [ok({ foo: 'bar' })],
  ],
  ['uploadFile refused', (api) => api.files.uploadFile(A, 'large file', '/uploads', 'large.zip'), [fail()]],
  [
    'createConsoleFile sends the content as a bare body',
    (api) => api.files.createConsoleFile(A, '/config/settings.json', 'console file content'),
    [ok({ foo: 'bar' })],
  ],
  [
    'createConsoleFile with reserved characters',
    (api) => api.files.createConsoleFile(A, '/config/app settings & config.json', 'content'),
    [ok({ foo: 'bar' })],
  ],
  ['createConsoleFile refused', (api) => api.files.createConsoleFile(A, '', 'content'), [fail()]],
  ['viewFiles of the root', (api) => api.files.viewFiles(A), [ok({ foo: 'bar' })]],
  ['viewFiles of a folder', (api) => api.files.viewFiles(A, '/uploads/images'), [ok({ foo: 'bar' })]],
  [
    'viewFiles with reserved characters',
    (api) => api.files.viewFiles(A, '/docs/folder with spaces & symbols'),
    [ok({ foo: 'bar' })],
  ],
  ['viewFiles refused', (api) => api.files.viewFiles(A, '/nonexistent'), [fail()]],
]);
