// `hupai review --format html` opens in a real browser: Debian's Chromium (playwright-core) loads
// the one page the command writes for a real Tenhou game from a file, with nothing else beside
// it; the page shows the summary and one section per decision the JSON review lists, and its
// links to the largest losses lead to their decisions. Keeps a screenshot in HUPAI_SCREENSHOTS.
// The package's `review` (in the players' module, run in a worker thread) answers what
// `hupai review --format json` answers, on a real Tenhou game and on games of the Chinese families.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { HupaiError, review } from "hupai";
import { launch, serve } from "./site.mjs";

const BIN = process.env.HUPAI_BIN;
const LOGS = process.env.HUPAI_GAME_LOGS;
const SHOTS = process.env.HUPAI_SCREENSHOTS;
const PACKAGE = dirname(createRequire(import.meta.url).resolve("hupai/package.json"));

test("hupai review's HTML opens in Chromium with every decision", async () => {
  assert.ok(BIN && LOGS, "HUPAI_BIN (the command line) and HUPAI_GAME_LOGS (the logs)");
  const log = join(LOGS, "mjlog", "upd-aft-ron3.mjlog");
  const args = ["review", log, "--seat", "0", "--no-odds"];
  const json = JSON.parse(execFileSync(BIN, args, { encoding: "utf8", maxBuffer: 1 << 28 }));
  const html = execFileSync(BIN, [...args, "--format", "html"], { encoding: "utf8", maxBuffer: 1 << 28 });
  const dir = mkdtempSync(join(tmpdir(), "hupai-review-"));
  const file = join(dir, "review.html");
  writeFileSync(file, html);
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
    const failed = [];
    page.on("requestfailed", (r) => failed.push(r.url()));
    await page.goto(pathToFileURL(file).href);
    const summary = await page.textContent("#summary");
    assert.match(summary, new RegExp(`^${json.summary.decisions} decisions, ${json.summary.agreements} agree`));
    assert.equal(await page.locator("section[id^=d]").count(), json.decisions.length);
    const first = json.summary.largest[0];
    await page.click(`a[href="#d${first}"]`);
    assert.ok(page.url().endsWith(`#d${first}`));
    assert.ok(await page.locator(`#d${first}`).isVisible());
    assert.deepEqual(failed, [], "one file, nothing else loaded");
    if (SHOTS) await page.screenshot({ path: join(SHOTS, "review.png") });
  } finally {
    await browser.close();
  }
});

/** `review(log, options)` in the players' module, in a worker thread (a fresh copy of the package). */
function reviewInWorker(log, options) {
  const source = `
    import { workerData, parentPort } from "node:worker_threads";
    import { readFileSync } from "node:fs";
    const { initSync, review } = await import(workerData.core);
    initSync(readFileSync(workerData.wasm));
    const start = performance.now();
    const answer = review(workerData.log, workerData.options);
    parentPort.postMessage({ answer, ms: performance.now() - start });
  `;
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("data:text/javascript," + encodeURIComponent(source)), {
      workerData: { core: pathToFileURL(join(PACKAGE, "core.mjs")).href, wasm: join(PACKAGE, "hupai_player_bg.wasm"), log, options },
    });
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}

/** Numbers equal to 1e-9 relative (the module's floating point is the native one's, but a
 * different compiler may fuse or order an addition differently), everything else exactly; the
 * first difference is named by its path. */
function same(got, want, path = "") {
  if (typeof want === "number" && typeof got === "number") {
    assert.ok(Math.abs(got - want) <= 1e-9 * Math.max(1, Math.abs(want)), `${path}: ${got} vs ${want}`);
  } else if (Array.isArray(want)) {
    assert.ok(Array.isArray(got), `${path}: not an array`);
    assert.equal(got.length, want.length, `${path}: length`);
    want.forEach((w, i) => same(got[i], w, `${path}[${i}]`));
  } else if (want !== null && typeof want === "object") {
    assert.deepEqual(Object.keys(got ?? {}).sort(), Object.keys(want).sort(), `${path}: keys`);
    for (const k of Object.keys(want)) same(got[k], want[k], `${path}.${k}`);
  } else {
    assert.equal(got, want, path);
  }
}

const play = (args) => execFileSync(BIN, ["play", ...args], { encoding: "utf8", maxBuffer: 1 << 28 });
// Each turn's draw odds cost seconds a turn in the debug command line CI runs: they are compared on
// one hand, the other logs are reviewed without them (the same decisions and candidates).
const cases = [
  // A Tenhou ranked game of 2023 (a whole hanchan) as Tenhou wrote it (mjlog), one seat.
  ["a real Tenhou game", () => readFileSync(join(LOGS, "mjlog", "upd-aft-ron3.mjlog"), "utf8"), { seat: 2, odds: false }, ["--seat", "2", "--no-odds"]],
  // One hand of GB (`gb-single`), one seat, with each turn's draw odds (every seat's took a minute).
  ["a hand of GB with the odds", () => play(["--rules", "gb-single", "--seed", "4", "--policy", "efficiency"]), { seat: 0 }, ["--seat", "0"]],
  // A whole Sichuan game, two seats.
  ["a Sichuan game", () => play(["--rules", "sichuan", "--seed", "2", "--policy", "efficiency"]), { seat: [1, 3], odds: false }, ["--seat", "1", "--seat", "3", "--no-odds"]],
];

for (const [what, text, options, flags] of cases) {
  test(`npm review on ${what} equals hupai review --format json`, { timeout: 600_000 }, async () => {
    assert.ok(BIN && LOGS, "HUPAI_BIN (the command line) and HUPAI_GAME_LOGS (the logs)");
    const log = text();
    const dir = mkdtempSync(join(tmpdir(), "hupai-review-"));
    const file = join(dir, "game.log");
    writeFileSync(file, log);
    const want = JSON.parse(execFileSync(BIN, ["review", file, ...flags], { encoding: "utf8", maxBuffer: 1 << 28 }));
    const { answer, ms } = await reviewInWorker(log, options);
    assert.ok(want.decisions.length > 15, `${want.decisions.length} decisions`);
    assert.ok(want.decisions.some((d) => !d.agree), "some decision differs from the player's");
    if (options.odds !== false) assert.ok(want.decisions.some((d) => d.odds.length > 0), "the turns have their odds");
    same(answer, want, "review");
    console.log(`# npm review, ${what}: ${answer.decisions.length} decisions in ${ms.toFixed(0)} ms`);
  });
}

test("the page's module refuses review, naming the players' module; bad options are named", () => {
  assert.throws(() => review("{}"), (e) => e instanceof HupaiError && /hupai_player_bg\.wasm/.test(e.message));
  assert.throws(() => review("{}", { odds: "no" }), (e) => e instanceof HupaiError && e.kind === "argument" && /odds/.test(e.message));
  assert.throws(() => review("{}", { sea: 1 }), (e) => e instanceof HupaiError && /unknown option 'sea'/.test(e.message));
});

// The log view's review in Chromium: a real Tenhou game opened as a file, one seat reviewed in the
// page's worker, the largest loss followed by its link; the URL names the decision, the table steps
// to it, and the candidates shown are the npm review's for that decision, figure by figure.
test("the log view reviews a log: the largest loss's link shows the npm review's candidates", { timeout: 600_000 }, async () => {
  assert.ok(LOGS && process.env.HUPAI_SITE, "HUPAI_GAME_LOGS and HUPAI_SITE");
  const file = join(LOGS, "mjlog", "upd-aft-ron3.mjlog");
  const { answer: want } = await reviewInWorker(readFileSync(file, "utf8"), { seat: 2, odds: false });
  const site = await serve(process.env.HUPAI_SITE);
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 1000 } });
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(site.base + "index.html#log");
    await page.setInputFiles("#log-file", file);
    await page.waitForSelector("#log-game:not([hidden])");
    await page.selectOption("#log-seat", "2");
    await page.click("#log-review-run");
    await page.waitForSelector("#log-review-losses a", { timeout: 300_000 });
    const summary = await page.textContent("#log-review-summary");
    assert.match(summary, new RegExp(`^${want.summary.decisions} decisions, ${want.summary.agreements} agree`));
    const links = await page.$$eval("#log-review-losses a", (as) => as.map((a) => Number(a.dataset.decision)));
    assert.deepEqual(links, want.summary.largest, "the largest losses, largest first");
    const i = links[0];
    await page.click(`#log-review-losses a[data-decision="${i}"]`);
    await page.waitForSelector(`#log-decision[data-decision="${i}"]`);
    assert.ok(page.url().endsWith(`#log?decision=${i}`), page.url());
    const d = want.decisions[i];
    assert.match(await page.textContent("#log-position"), new RegExp(` · ${d.kyoku} · `), "the table stepped to the decision's hand");
    const rows = await page.$$eval("#log-candidates tbody tr", (trs) => trs.map((tr) => ({ ...tr.dataset, cls: tr.className })));
    assert.equal(rows.length, d.hupai.candidates.length);
    d.hupai.candidates.forEach((c, k) => {
      const row = rows[k];
      assert.equal(row.action, c.pai ? `${c.action} ${c.pai}` : c.action);
      for (const key of ["shanten", "tenpai", "win", "score", "danger", "loss", "value"]) assert.equal(row[key], String(c[key]), `${row.action} ${key}`);
      assert.equal(row.cls.includes("chosen"), c.chosen);
    });
    assert.ok(rows.some((r) => r.cls.includes("made")), "the action played is marked");
    // A link made by hand (a shared URL) lands on its decision too.
    const other = links.at(-1);
    await page.evaluate((n) => { location.hash = `#log?decision=${n}`; }, other);
    await page.waitForSelector(`#log-decision[data-decision="${other}"]`);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, "log-review.png"), fullPage: true });
    // The decision's own link carries the log: opened in a fresh page, it reopens the log, reviews
    // the same seat again and shows the same decision with the same candidates.
    await page.waitForSelector("#log-decision-share:not([hidden])");
    const href = await page.getAttribute("#log-decision-link", "href");
    assert.match(href, new RegExp(`^#log\\?decision=${other}&seat=2&rules=&log=[A-Za-z0-9_-]+$`));
    const rowsOf = (p) => p.$$eval("#log-candidates tbody tr", (trs) => trs.map((tr) => ({ ...tr.dataset, cls: tr.className })));
    const head = await page.textContent("#log-decision-head");
    const shared = await browser.newPage({ viewport: { width: 400, height: 900 } });
    shared.on("pageerror", (e) => errors.push(e.message));
    await shared.goto(site.base + "index.html" + href);
    await shared.waitForSelector(`#log-decision[data-decision="${other}"]:not([hidden])`, { timeout: 300_000 });
    assert.equal(await shared.textContent("#log-decision-head"), head);
    assert.deepEqual(await rowsOf(shared), await rowsOf(page));
    assert.equal(await shared.inputValue("#log-seat"), "2");
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    site.close();
  }
});
