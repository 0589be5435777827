// hupai's functions over its WebAssembly module, shared by every entry point of the package
// (node.mjs, index.mjs and, written from this file by `cargo xtask wasm`, core.cjs). Each function
// sends its name and arguments as JSON to the module's one call and reads the answer as JSON.
// The module keeps no state between calls but the games of `Game`, held in a table in the module
// and named by handles. If it ever traps (a bug: inputs are checked first), the error is thrown
// as a HupaiError of kind "internal" and a fresh instance takes over; the games of the old one
// are gone, and each Game knows which instance holds it.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Thrown by every function: `kind` is "hand", "argument", "score", "log", "game" or "internal". */
class HupaiError extends Error {
  constructor(kind, message) {
    super(message);
    this.name = "HupaiError";
    this.kind = kind;
  }
}

let compiled = null;
let wasm = null;
/** Counts the instances made: a game lives in the instance that made it. */
let instance = 0;

/** Makes a compiled module the one answering. */
function use(module) {
  wasm = new WebAssembly.Instance(module, {}).exports;
  compiled = module;
  instance += 1;
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
  if (wasm) return;
  if (source instanceof WebAssembly.Module) return use(source);
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
  let json;
  try {
    json = JSON.stringify(args);
  } catch (e) {
    // A BigInt or a cycle: JSON cannot carry it.
    throw new HupaiError("argument", `arguments of ${name}: ${e.message}`);
  }
  const bytes = encoder.encode(name + "\0" + json);
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
/** The log reviewed decision by decision against the hupai player: `hupai review --format json`'s
 * object. Needs the players' module, hupai_player_bg.wasm. */
function review(log, options) {
  return call("review", { ...options, log });
}

/** A number JSON cannot carry (NaN, ±Infinity) or a BigInt, as text the module refuses or reads. */
function wire(value) {
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  return value;
}

// Games whose object was collected without `free()` are freed in the instance that holds them.
const finalizer =
  typeof FinalizationRegistry === "function"
    ? new FinalizationRegistry(({ handle, owner }) => {
        if (owner !== instance || !wasm) return;
        try {
          call("gameFree", { game: handle });
        } catch {
          // Nothing to do: the module lost it already.
        }
      })
    : null;

/** Marks a `Game` made from a handle the module gave (by `clone()`), not from rules and a seed. */
const ADOPT = Symbol("adopt");

/**
 * One game of mahjong as the engine plays it (riichi for four or three players, GB, Hongzhong,
 * Changsha, Sichuan): `new Game(rules, seed)`, the same rules and seed always giving the same game.
 * Actions go in and events come out as mjai objects; `free()` releases it (a finalizer does it
 * otherwise, later).
 */
class Game {
  #handle;
  #owner;
  #players;
  #family;

  constructor(rules, seed) {
    const made = rules === ADOPT ? seed : call("gameNew", { rules, seed: wire(seed) });
    this.#handle = made.game;
    this.#owner = instance;
    this.#players = made.players;
    this.#family = made.family;
    if (finalizer) finalizer.register(this, { handle: made.game, owner: instance }, this);
  }

  /** Calls the module about this game. */
  #call(name, args) {
    if (this.#owner !== instance) {
      throw new HupaiError("game", `game ${this.#handle} was lost: the module restarted after an internal error`);
    }
    return call(name, { ...args, game: this.#handle });
  }

  #state() {
    return this.#call("gameState", {});
  }

  /** The number of games the module holds (made and not yet freed). */
  static live() {
    return call("gameCount", {});
  }

  /** Players at the table (3 or 4). */
  get players() {
    return this.#players;
  }
  /** The rule family: "riichi4", "riichi3", "gb", "hongzhong", "sichuan" or "changsha". */
  get family() {
    return this.#family;
  }
  /** The next seat to decide, or null when the game is over. */
  get seat() {
    return this.#state().seat;
  }
  /** Every seat that must still decide now. */
  get toAct() {
    return this.#state().toAct;
  }
  /** True when the game is over. */
  get done() {
    return this.#state().done;
  }
  /** Scores in seat order. */
  get scores() {
    return this.#state().scores;
  }
  /** Each seat's result after the game (riichi: thousands of points with oka and uma), else null. */
  get finalPoints() {
    return this.#state().finalPoints;
  }
  /** The round as logs write it: "E1", "S3-2". */
  get kyoku() {
    return this.#state().kyoku;
  }
  /** Live tiles left to draw. */
  get tilesLeft() {
    return this.#state().tilesLeft;
  }
  /** Everything the getters read, in one call. */
  state() {
    return this.#state();
  }
  /** The legal actions of `seat` now as mjai objects (empty when it has nothing to decide). */
  legalActions(seat) {
    return this.#call("gameLegalActions", { seat: wire(seat) });
  }
  /** Plays an mjai action for `seat`; throws a HupaiError (kind "game") naming why if it is not legal, and changes nothing then. */
  step(seat, action) {
    this.#call("gameStep", { seat: wire(seat), action });
  }
  /** The events so far as mjai objects; with `seat`, as that seat saw them. */
  events(seat) {
    return this.#call("gameEvents", { seat: wire(seat) });
  }
  /** What `seat` sees now. */
  view(seat) {
    return this.#call("gameView", { seat: wire(seat) });
  }
  /** Every win so far with what it was worth: `{actor, target, pai, han, fu, yakuman, points, yaku, deltas, uraMarkers}`. */
  wins() {
    return this.#call("gameWins", {});
  }
  /** The game as tenhou.net/6 JSON (riichi rules only). */
  tenhou6() {
    return this.#call("gameTenhou6", {});
  }
  /** The action `player` ("hupai", "efficiency" or "random") chooses for `seat` now, as an mjai
   * object (not played). Needs the players' module, hupai_player_bg.wasm. */
  choose(seat, player = "hupai") {
    return this.#call("gameChoose", { seat: wire(seat), player });
  }
  /** The hupai player's decision for `seat` now with every candidate's figures, or null.
   * Needs the players' module, hupai_player_bg.wasm. */
  explain(seat) {
    return this.#call("gameExplain", { seat: wire(seat) });
  }
  /** `seat`'s hand now as the discard advice takes it: `{hand, visible, turns, rules}` for `discardEv`,
   * `discardAdvice` and `effectiveTiles`, or null. Needs the players' module, hupai_player_bg.wasm. */
  position(seat) {
    return this.#call("gamePosition", { seat: wire(seat) });
  }
  /** An independent copy of the game. */
  clone() {
    return new Game(ADOPT, this.#call("gameClone", {}));
  }
  /** Releases the game in the module; any later call throws. Calling it again does nothing. */
  free() {
    if (finalizer) finalizer.unregister(this);
    if (this.#owner === instance && wasm) call("gameFree", { game: this.#handle });
  }
}

export {
  Game,
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
  review,
};
