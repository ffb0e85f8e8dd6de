// The global object of the running test, for the fake to give it what Electron's renderer has
// (`window`). In a plain call of a non-strict function, `this` is the global object: this file is
// CommonJS without "use strict" on purpose, and is not transformed.
module.exports = function globalObject() {
  return this;
};
