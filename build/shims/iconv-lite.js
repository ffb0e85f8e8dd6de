// iconv-lite as far as body-parser 2 and raw-body 3 use it (encodingExists, decode, getDecoder),
// on the WHATWG TextDecoder (utf-8, utf-16le/be, latin1 and the other WHATWG labels; no utf-32).
'use strict';
function decoder(encoding) {
  try { return new TextDecoder(String(encoding).toLowerCase()); }
  catch { throw new Error('Encoding not recognized: \'' + encoding + '\' (searched as: \'' + String(encoding).toLowerCase() + '\')'); }
}
exports.encodingExists = (encoding) => { try { decoder(encoding); return true; } catch { return false; } };
exports.decode = (buffer, encoding) => decoder(encoding).decode(buffer);
exports.getDecoder = (encoding) => { const d = decoder(encoding); return { write: (chunk) => d.decode(chunk, { stream: true }), end: () => d.decode() }; };
