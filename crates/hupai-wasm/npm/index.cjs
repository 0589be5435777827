// The package through require() outside Node (a bundler's CommonJS): `await init(source)` with
// the module's URL, a Response, its bytes or a compiled WebAssembly.Module before the first call
// (a CommonJS file cannot locate the .wasm beside it in a browser).
"use strict";
const core = require("./core.cjs");

function init(source) {
  if (source === undefined) {
    return Promise.reject(new core.HupaiError("internal", "init(source): pass the URL of hupai_bg.wasm, its bytes or a Response"));
  }
  return core.initFrom(source);
}

module.exports = { ...core, ...require("./constants.cjs"), init };
module.exports.default = init;
