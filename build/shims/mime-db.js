// mime-db as far as express uses it for indx: res.json and res.send set these types (with the
// charset mime-types derives from here); indx never serves files, so no other type is looked up.
// The entries are copied from mime-db 1.54 (MIT, https://github.com/jshttp/mime-db).
'use strict';
module.exports = {
  'application/json': { source: 'iana', charset: 'UTF-8', compressible: true, extensions: ['json', 'map'] },
  'application/octet-stream': { source: 'iana', compressible: true, extensions: ['bin', 'dms', 'lrf', 'mar', 'so', 'dist', 'distz', 'pkg', 'bpk', 'dump', 'elc', 'deploy', 'exe', 'dll', 'deb', 'dmg', 'iso', 'img', 'msi', 'msp', 'msm', 'buffer'] },
  'text/html': { source: 'iana', compressible: true, extensions: ['html', 'htm', 'shtml'] },
  'text/plain': { source: 'iana', compressible: true, extensions: ['txt', 'text', 'conf', 'def', 'list', 'log', 'in', 'ini'] },
};
