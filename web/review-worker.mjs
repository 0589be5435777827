// The log view's review, off the page's thread: the log reviewed decision by decision against the
// hupai player by the package's `review` in the players' module (hupai_player_bg.wasm, which has
// the player the page's own module leaves out). The page sends the log's text and the review's
// options; the worker answers `hupai review --format json`'s object, or the error's message.
import { initFrom, review } from "./hupai/core.mjs";

const ready = initFrom(new URL("./hupai/hupai_player_bg.wasm", import.meta.url));

self.onmessage = async ({ data }) => {
  try {
    await ready;
    const start = performance.now();
    const answer = review(data.log, data.options);
    self.postMessage({ type: "review", id: data.id, review: answer, ms: performance.now() - start });
  } catch (e) {
    self.postMessage({ type: "error", id: data.id, message: e.message });
  }
};
