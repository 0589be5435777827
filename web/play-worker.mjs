// The page's game, off the page's thread: the engine and hupai's players in the players' module
// (hupai_player_bg.wasm, the package's calls with the players built in). The page sends what the
// person at the table chose; the worker plays it, lets the opponents choose until the person must
// decide again (or the game ends), and sends back what that seat now sees, its legal actions,
// the events since the last message, and how long each opponent's decision took (with the
// action's type and how many legal actions it was chosen from).
import { initFrom, Game, discardAdvice, discardEv, effectiveTiles } from "./hupai/core.mjs";

const ready = initFrom(new URL("./hupai/hupai_player_bg.wasm", import.meta.url));

let game = null;
let human = 0;
let opponents = "hupai";
let seen = 0;

/** Lets the opponents decide until `human` must or the game is over; each decision's time in ms. */
function playOpponents() {
  const times = [];
  for (;;) {
    const state = game.state();
    if (state.done || state.seat === null || state.seat === human) return times;
    const choices = game.legalActions(state.seat).length;
    const start = performance.now();
    const action = game.choose(state.seat, opponents);
    times.push({ ms: performance.now() - start, type: action.type, choices });
    game.step(state.seat, action);
  }
}

function report(times) {
  const events = game.events(human);
  const fresh = events.slice(seen);
  seen = events.length;
  const state = game.state();
  self.postMessage({
    type: "state",
    state,
    view: game.view(human),
    legal: state.done ? [] : game.legalActions(human),
    events: fresh,
    wins: game.wins(),
    times,
  });
}

/** Hands further from ready than this get their effective tiles but no draw odds: the odds of a
 * hand three or more tiles from ready take seconds, and the game waits for them. */
const ODDS_UP_TO = 2;

/** The hint's figures for the person's hand: its position (what the advice is asked), each
 * discard's effective tiles (its waits when ready) with the tiles left of each, and each discard's
 * tenpai and win odds and expected score over the draws left (`discardEv`, as `hupai advice
 * --turns`); between turns the hand's own waits or effective tiles. */
function odds() {
  const position = game.position(human);
  if (!position) return { position: null };
  const { hand, rules, visible, turns } = position;
  try {
    const turn = game.legalActions(human).some((a) => a.type === "dahai");
    if (!turn) return { position, waiting: effectiveTiles(hand, rules, { visible }) };
    const advice = discardAdvice(hand, rules, { visible });
    const ev = advice[0].shanten <= ODDS_UP_TO && turns > 0 ? discardEv(hand, rules, { visible, turns }) : [];
    return { position, advice, ev };
  } catch (e) {
    return { position, oddsError: e.message };
  }
}

self.onmessage = async ({ data }) => {
  try {
    await ready;
    if (data.op === "start") {
      if (game) game.free();
      game = new Game(data.rules, BigInt(data.seed));
      human = data.human ?? 0;
      opponents = data.opponents;
      seen = 0;
      report(playOpponents());
    } else if (data.op === "act") {
      game.step(human, data.action);
      report(playOpponents());
    } else if (data.op === "hint") {
      const done = game.state().done;
      self.postMessage({ type: "hint", explain: done ? null : game.explain(human), ...(done ? {} : odds()) });
    } else if (data.op === "log") {
      const mjai = game.events().map((e) => JSON.stringify(e)).join("\n") + "\n";
      let tenhou6 = null;
      if (game.family === "riichi4" || game.family === "riichi3") tenhou6 = game.tenhou6();
      self.postMessage({ type: "log", mjai, tenhou6 });
    }
  } catch (e) {
    self.postMessage({ type: "error", message: e.message });
  }
};
