// The package in browsers and bundlers: `await init()` fetches and compiles hupai_bg.wasm (beside
// this file, or from the URL, Response, bytes or WebAssembly.Module given) before the first call.
import { initFrom } from "./core.mjs";

export * from "./core.mjs";
export * from "./constants.mjs";
export function init(source) {
  return initFrom(source ?? new URL("./hupai_bg.wasm", import.meta.url));
}
export default init;
