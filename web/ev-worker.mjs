// The draw odds of a discard table, off the page's thread: one discard at a time (each line equals
// the full table's), a progress message after each, then the table best first as discardEv
// orders it. The page cancels by terminating the worker.
import init, { discardAdvice, discardEv } from "./hupai/index.mjs";

const ready = init();

/** discardEv's order: expected score, then win, then tenpai probability (rounded as the engine
 * rounds them), ties in discard advice's order. */
function key(line) {
  return [line.score === null ? -Infinity : Math.round(line.score * 1e6), Math.round(line.win * 1e12), Math.round(line.tenpai * 1e12)];
}

self.onmessage = async ({ data: { hand, rules, options } }) => {
  try {
    await ready;
    const { turns, riichi, ...visible } = options;
    const advice = discardAdvice(hand, rules, visible);
    const lines = [];
    for (const [i, option] of advice.entries()) {
      const [line] = discardEv(hand, rules, { ...options, discard: option.discard });
      lines.push(line);
      self.postMessage({ type: "progress", done: i + 1, total: advice.length, line });
    }
    const order = lines.map((line, i) => ({ line, i, key: key(line) }));
    order.sort((a, b) => {
      for (let k = 0; k < 3; k++) if (a.key[k] !== b.key[k]) return b.key[k] - a.key[k];
      return a.i - b.i;
    });
    self.postMessage({ type: "done", table: order.map((o) => o.line) });
  } catch (e) {
    self.postMessage({ type: "error", message: e.message });
  }
};
