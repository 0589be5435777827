// The package in Node through require(): the WebAssembly module is read and compiled when the
// package is loaded, so every function answers at once; `init()` is there for code shared with
// browsers and does nothing more.
"use strict";
const { readFileSync } = require("node:fs");
const { join } = require("node:path");
const core = require("./core.cjs");

core.initSync(readFileSync(join(__dirname, "hupai_bg.wasm")));

module.exports = { ...core, ...require("./constants.cjs"), init: async () => {} };
module.exports.default = module.exports.init;
