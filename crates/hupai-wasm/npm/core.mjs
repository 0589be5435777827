// hupai's functions over its WebAssembly module, shared by every entry point of the package
// (node.mjs, index.mjs and, written from this file by `cargo xtask wasm`, core.cjs). Each function
// sends its name and arguments as JSON to the module's one call and reads the answer as JSON.
// The module keeps no state between calls, so if it ever traps (a bug: inputs are checked
// first), the error is thrown as a HupaiError of kind "internal" and a fresh instance takes over.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Thrown by every function: `kind` is "hand", "argument", "score", "log" or "internal". */
class HupaiError extends Error {
  constructor(kind, message) {
    super(message);
    this.name = "HupaiError";
    this.kind = kind;
  }
}

let compiled = null;
let wasm = null;

/** Makes a compiled module the one answering. */
function use(module) {
  wasm = new WebAssembly.Instance(module, {}).exports;
  compiled = module;
}

/** Loads the module synchronously from its bytes (or a compiled WebAssembly.Module). */
function initSync(source) {
  if (wasm) return;
  use(source instanceof WebAssembly.Module ? source : new WebAssembly.Module(source));
}

/** Loads the module from a URL, a Response, bytes or a compiled module; later calls do nothing. */
async function initFrom(source) {
  if (wasm) return;
  if (source instanceof WebAssembly.Module) return use(source);
  if (typeof source === "string" || source instanceof URL) source = fetch(source);
  source = await source;
  if (typeof Response === "function" && source instanceof Response) {
    const ok = source.ok;
    if (!ok) throw new HupaiError("internal", `could not load hupai_bg.wasm: HTTP ${source.status}`);
    const streaming = WebAssembly.compileStreaming && source.headers.get("content-type") === "application/wasm";
    const module = streaming ? await WebAssembly.compileStreaming(source) : await WebAssembly.compile(await source.arrayBuffer());
    return use(module);
  }
  use(await WebAssembly.compile(source));
}

function call(name, args) {
  if (!wasm) {
    throw new HupaiError("internal", "the hupai module is not loaded: `await init()` first (in Node the package loads it itself)");
  }
  const bytes = encoder.encode(name + "\0" + JSON.stringify(args));
  let n;
  let text;
  try {
    const at = wasm.hupai_buffer(bytes.length);
    new Uint8Array(wasm.memory.buffer, at, bytes.length).set(bytes);
    n = wasm.hupai_call();
    text = decoder.decode(new Uint8Array(wasm.memory.buffer, wasm.hupai_output(), Math.abs(n)));
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError) {
      try {
        use(compiled);
      } catch {
        wasm = null;
      }
      throw new HupaiError("internal", `internal error in ${name}: ${e.message}`);
    }
    throw e;
  }
  if (n < 0) {
    const failure = JSON.parse(text);
    throw new HupaiError(failure.kind, failure.message);
  }
  return JSON.parse(text);
}

function isWin(hand, rules, options) {
  return call("isWin", { ...options, hand, rules });
}
function waits(hand, rules, options) {
  return call("waits", { ...options, hand, rules });
}
function check(hand, rules, options) {
  return call("check", { ...options, hand, rules });
}
function decompositions(hand, rules, options) {
  return call("decompositions", { ...options, hand, rules });
}
function countDecompositions(hand, rules, options) {
  return call("countDecompositions", { ...options, hand, rules });
}
function shanten(hand, rules, options) {
  return call("shanten", { ...options, hand, rules });
}
function effectiveTiles(hand, rules, options) {
  return call("effectiveTiles", { ...options, hand, rules });
}
function discardAdvice(hand, rules, options) {
  return call("discardAdvice", { ...options, hand, rules });
}
function discardEv(hand, rules, options) {
  return call("discardEv", { ...options, hand, rules });
}
function score(situation, rules, options) {
  return call("score", { ...options, situation, rules });
}
function replay(log, options) {
  return call("replay", { ...options, log });
}

export {
  HupaiError,
  initSync,
  initFrom,
  isWin,
  waits,
  check,
  decompositions,
  countDecompositions,
  shanten,
  effectiveTiles,
  discardAdvice,
  discardEv,
  score,
  replay,
};
