import { describe, expect, it } from 'vitest';
import { filesPath, filesRoutes, filesLinkRoutes } from './files.js';

describe('filesPath', () => {
  it('encodes each part of a file path and keeps the slashes', () => {
    expect(filesPath(filesRoutes.getFileContent, 'APP', 'docs/a b+c.txt')).toBe(
      '/APP/console/files/download/docs/a%20b%2Bc.txt',
    );
    expect(filesPath(filesRoutes.fileExists, 'APP', '/docs/x.txt/')).toBe('/APP/console/files/exists/docs/x.txt/');
  });

  it('leaves the path out for the root folder', () => {
    expect(filesPath(filesRoutes.loadDirectory, 'APP', '')).toBe('/APP/console/files/directory/view/');
    expect(filesPath(filesLinkRoutes.loadDirectoryCount, 'APP', '/')).toBe('/APP/console/files/directory/view/count');
    expect(filesPath(filesRoutes.createDir, 'APP', '', 'new folder')).toBe(
      '/APP/console/files/createdir/new%20folder/',
    );
  });

  it('encodes a name argument whole, so a slash in it cannot add a level', () => {
    expect(filesPath(filesRoutes.uploadFile, 'APP', 'up', 'a/b.txt')).toBe('/APP/console/files/upload/up/a%2Fb.txt/');
  });

  it('throws the route-builder error when a required argument is missing', () => {
    expect(() => filesPath(filesRoutes.createDir, 'APP', 'docs')).toThrow(
      'Invalid path params in route [files.createDir]',
    );
  });

  it('declares the 15 methods of the reference group', () => {
    expect(Object.keys(filesRoutes)).toHaveLength(15);
    for (const [key, route] of Object.entries(filesRoutes)) expect(route.name).toBe(`files.${key}`);
  });
});
