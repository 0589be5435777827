// The web door's speed beside the native one, in one run (not a test: crates/hupai-wasm/tests/speed.sh
// runs it after npm.sh has installed the package). The same 1-shanten hands' discard tables with
// their draw odds (riichi rules, 17 draws, expected score) are computed three ways, taking turns
// round by round so that all three see the same machine: natively by `hupai batch --ev` on one
// thread (HUPAI_BIN, a release build; its start-up measured on one hand and taken off), by the
// package's WebAssembly in Node, and by the same module in Debian's Chromium (the page's site,
// HUPAI_SITE). Before timing, the three answers are checked equal. It also times the page's first
// answer after navigation. Prints a table of milliseconds per hand and the ratios.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { performance } from "node:perf_hooks";
import { chromium } from "playwright-core";
import * as hupai from "hupai";

const BIN = process.env.HUPAI_BIN;
const SITE = process.env.HUPAI_SITE;
const CHROMIUM = process.env.HUPAI_CHROMIUM ?? "/usr/bin/chromium";
const HANDS = Number(process.env.HUPAI_SPEED_HANDS ?? 200);
const ROUNDS = Number(process.env.HUPAI_SPEED_ROUNDS ?? 3);
const RULES = "riichi";
const TURNS = 17;

/** Seeded 14-tile riichi hands at 1 shanten (a fixed list for a given HUPAI_SPEED_HANDS). */
function hands(n) {
  let state = 0x9e3779b9;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  const out = [];
  while (out.length < n) {
    const wall = [];
    for (let k = 0; k < 34; k++) for (let c = 0; c < 4; c++) wall.push(k);
    for (let i = wall.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [wall[i], wall[j]] = [wall[j], wall[i]];
    }
    const tiles = wall.slice(0, 14).sort((a, b) => a - b);
    const hand = tiles.map((k) => `${(k % 9) + 1}${"mpsz"[Math.floor(k / 9)]}`).join("");
    if (hupai.shanten(hand, RULES) === 1) out.push(hand);
  }
  return out;
}

function native(list) {
  const input = list.map((h) => h + "\n").join("");
  const started = performance.now();
  const text = execFileSync(BIN, ["batch", "--rules", RULES, "--ev", "--turns", String(TURNS)], {
    input,
    encoding: "utf8",
    env: { ...process.env, RAYON_NUM_THREADS: "1" },
    maxBuffer: 1 << 28,
  });
  return { ms: performance.now() - started, lines: text.trim().split("\n").map((l) => JSON.parse(l)) };
}

function inNode(list) {
  const started = performance.now();
  const tables = list.map((h) => hupai.discardEv(h, RULES, { turns: TURNS }));
  return { ms: performance.now() - started, tables };
}

const TYPES = { ".html": "text/html", ".mjs": "text/javascript", ".css": "text/css", ".wasm": "application/wasm" };
const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
  try {
    const body = await readFile(join(SITE, path.endsWith("/") ? path + "index.html" : path));
    res.writeHead(200, { "content-type": TYPES[extname(path) || ".html"] ?? "application/octet-stream" });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-gpu"] });

try {
  const list = hands(HANDS);
  const page = await browser.newPage();
  // The page's first answer: the page notes when its first hand was answered, in milliseconds
  // from the start of navigation (the browser's own clock).
  const loads = [];
  for (let i = 0; i < 3; i++) {
    await page.goto(base + "?hand=123m456p789s1122z9p&rules=riichi");
    await page.waitForSelector("body[data-ready='1']");
    loads.push(Number(await page.getAttribute("body", "data-ready-ms")));
  }
  const inChromium = (l) =>
    page.evaluate(
      async ({ l, rules, turns }) => {
        const hupai = await import("./hupai/index.mjs");
        await hupai.init();
        const started = performance.now();
        const tables = l.map((h) => hupai.discardEv(h, rules, { turns }));
        return { ms: performance.now() - started, tables };
      },
      { l, rules: RULES, turns: TURNS },
    );

  // The same answers everywhere, before any timing.
  const n = native(list);
  const w = inNode(list);
  const c = await inChromium(list);
  for (let i = 0; i < list.length; i++) {
    const want = n.lines[i].ev.discards.map((d) => [d.discard, d.shanten, d.tenpai, d.win, d.score]);
    assert.deepEqual(w.tables[i].map((d) => [d.discard, d.shanten, d.tenpai, d.win, d.score]), want, list[i]);
    assert.deepEqual(c.tables[i].map((d) => [d.discard, d.shanten, d.tenpai, d.win, d.score]), want, list[i]);
  }
  const times = { native: [], node: [], chromium: [], startup: [] };
  for (let r = 0; r < ROUNDS; r++) {
    times.startup.push(native(["123m456p789s1122z"]).ms);
    times.native.push(native(list).ms);
    times.node.push(inNode(list).ms);
    times.chromium.push((await inChromium(list)).ms);
  }
  const best = (xs) => Math.min(...xs);
  const perHand = {
    native: (best(times.native) - best(times.startup)) / list.length,
    node: best(times.node) / list.length,
    chromium: best(times.chromium) / list.length,
  };
  const rows = [
    ["native (hupai batch --ev, 1 thread)", perHand.native, 1],
    ["wasm in Node", perHand.node, perHand.node / perHand.native],
    ["wasm in Chromium", perHand.chromium, perHand.chromium / perHand.native],
  ];
  console.log(`${list.length} 1-shanten hands, ${RULES}, ${TURNS} draws, best of ${ROUNDS} rounds (${new Date().toISOString()})`);
  console.log("| path | ms per discard table | × native |\n|---|---|---|");
  for (const [name, ms, ratio] of rows) console.log(`| ${name} | ${ms.toFixed(2)} | ${ratio.toFixed(2)} |`);
  console.log(`native start-up taken off: ${best(times.startup).toFixed(1)} ms`);
  console.log(`page load to its first answer in Chromium: ${loads.map((x) => x.toFixed(0)).join(", ")} ms`);
  const size = (await readFile(join(SITE, "hupai", "hupai_bg.wasm"))).length;
  console.log(`hupai_bg.wasm: ${size} bytes`);
} finally {
  await browser.close();
  server.close();
}
