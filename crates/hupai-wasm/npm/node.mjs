// The package in Node as an ES module: the WebAssembly module is read and compiled when the
// package is imported, so every function answers at once; `init()` is there for code shared
// with browsers and does nothing more.
import { readFileSync } from "node:fs";
import { initSync } from "./core.mjs";

initSync(readFileSync(new URL("./hupai_bg.wasm", import.meta.url)));

export * from "./core.mjs";
export * from "./constants.mjs";
export async function init() {}
export default init;
