// The page in a real browser: Debian's Chromium driven by playwright-core (nothing downloaded),
// the site (`cargo xtask wasm`'s target/wasm/site, HUPAI_SITE) served from a local server. Types
// hands under three presets and checks the page's answers, discard table, draw odds (with their
// progress and cancel) and score against the `hupai` command line (HUPAI_BIN); keeps a screenshot
// in HUPAI_SCREENSHOTS.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { launch, serve } from "./site.mjs";

const SITE = process.env.HUPAI_SITE;
const BIN = process.env.HUPAI_BIN;
const SHOTS = process.env.HUPAI_SCREENSHOTS;

let server;
let browser;
let base;

before(async () => {
  assert.ok(SITE && BIN, "HUPAI_SITE (the built page) and HUPAI_BIN (the command line)");
  server = await serve(SITE);
  base = server.base;
  browser = await launch();
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** What `hupai ARGS` prints (exit status 2 only says that some line was an error). */
function cli(args, input) {
  try {
    return execFileSync(BIN, args, { input, encoding: "utf8" });
  } catch (e) {
    if (e.status === 2 && e.stdout) return e.stdout;
    throw e;
  }
}

async function open(query = "") {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(base + query);
  await page.waitForSelector("body[data-ready='1']");
  return { page, errors };
}

async function table(page) {
  return page.$$eval("#advice tbody tr", (rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
}

async function setHand(page, rules, hand) {
  await page.selectOption("#rules", rules);
  await page.fill("#hand", "");
  await page.type("#hand", hand);
}

const percent = (p) => (100 * p).toFixed(2) + "%";

test("typed hands under three presets: the summary and discard table are the command line's", async () => {
  const { page, errors } = await open();
  const cases = [
    ["riichi", "123m456p789s1122z9p"],
    ["gb", "147m258p369s1234z5z"],
    ["hongzhong", "123m456p789s19m77z4p"],
  ];
  for (const [rules, hand] of cases) {
    await setHand(page, rules, hand);
    const want = JSON.parse(cli(["advice", "--json", "--rules", rules, hand]));
    assert.equal(await page.textContent("#error"), "", `${hand} under ${rules}`);
    const summary = await page.textContent("#summary");
    assert.ok(summary.includes(want.shanten === 0 ? "ready" : `shanten ${want.shanten}`) || (want.shanten === -1 && summary.includes("wins")), `${summary} vs ${want.shanten}`);
    const rows = await table(page);
    assert.deepEqual(
      rows.map((r) => [r[0], Number(r[1]), r[2], Number(r[3])]),
      want.advice.map((a) => [a.discard, a.shanten, a.effective.map((e) => `${e.tile}×${e.unseen}`).join(" "), a.unseen]),
      `${hand} under ${rules}`,
    );
  }
  // One short: waits.
  await setHand(page, "riichi", "1112345678999m");
  assert.match(await page.textContent("#summary"), /waits: 1m 2m 3m 4m 5m 6m 7m 8m 9m/);
  // A bad hand: the command line's message.
  await setHand(page, "standard", "12x");
  const line = JSON.parse(cli(["batch"], "12x\n").trim());
  assert.equal(await page.textContent("#error"), line.error);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the draw odds: computed in the worker with progress, equal to `hupai advice --turns`, and cancellable", async () => {
  const { page, errors } = await open();
  const hand = "123m456p789s1122z9p";
  await setHand(page, "riichi", hand);
  await page.fill("#turns", "10");
  await page.click("#ev-run");
  await page.waitForFunction(() => document.querySelector("#ev-status").textContent.startsWith("done"));
  const want = JSON.parse(cli(["advice", "--json", "--rules", "riichi", "--turns", "10", hand]));
  const rows = await table(page);
  // Each discard's odds as `hupai advice --turns` shows them, in the order of `hupai batch --ev`
  // (expected score first, as the package's discardEv).
  const byDiscard = new Map(want.advice.map((a) => [a.discard, [a.discard, percent(a.tenpai), percent(a.win), a.score.toFixed(1)]]));
  assert.deepEqual(rows.map((r) => [r[0], r[4], r[5], r[6]]), rows.map((r) => byDiscard.get(r[0])));
  const ev = JSON.parse(cli(["batch", "--rules", "riichi", "--ev", "--turns", "10"], hand + "\n")).ev;
  assert.deepEqual(rows.map((r) => r[0]), ev.discards.map((d) => d.discard));
  assert.deepEqual(await page.$eval("#ev-progress", (p) => [p.value, p.max]), [want.advice.length, want.advice.length]);
  assert.ok(page.url().includes("turns=10") && page.url().includes("hand="), page.url());

  // A hand whose odds take seconds (a wildcard, 2-shanten, 17 draws): cancelled after its first discard.
  await setHand(page, "hongzhong", "1259m46p13s579s11m7z");
  await page.fill("#turns", "17");
  await page.click("#ev-run");
  await page.waitForFunction(() => document.querySelector("#ev-progress").value >= 1);
  await page.click("#ev-cancel");
  assert.equal(await page.textContent("#ev-status"), "cancelled");
  const progress = await page.$eval("#ev-progress", (p) => [p.value, p.max]);
  assert.ok(progress[0] >= 1 && progress[0] < progress[1], `cancelled part way: ${progress}`);
  await page.waitForTimeout(300);
  assert.equal(await page.textContent("#ev-status"), "cancelled", "nothing arrives after a cancel");
  assert.deepEqual(errors, []);
  await page.close();
});

test("a winning hand's score, the state in the URL, and a screenshot", async () => {
  const query = "?hand=234m456p678s22p567s&rules=riichi&win=2m&tsumo=1&declared-riichi=1&dora=1m";
  const started = Date.now();
  const { page, errors } = await open(query);
  const loaded = Date.now() - started;
  assert.equal(await page.inputValue("#hand"), "234m456p678s22p567s", "the hand comes back from the URL");
  const want = JSON.parse(cli(["score", "--rules", "riichi"], JSON.stringify({ hand: "234m456p678s22p567s", win: "2m", tsumo: true, riichi: true, dora: "1m" }) + "\n"));
  const got = JSON.parse(await page.textContent("#score-json"));
  assert.deepEqual(got, want);
  assert.match(await page.textContent("#summary"), /wins/);
  if (SHOTS) await page.screenshot({ path: join(SHOTS, "page.png"), fullPage: true });
  console.log(`page loaded with its first answer in ${loaded} ms`);
  assert.deepEqual(errors, []);
  await page.close();
});

/** The game logs the engine's tests replay (HUPAI_GAME_LOGS: crates/hupai-game/tests/data). */
const LOGS = process.env.HUPAI_GAME_LOGS;

/** An mjai tile in hand notation. */
const mpsz = (t) => ("ESWNPFC".includes(t) ? `${"ESWNPFC".indexOf(t) + 1}z` : t.endsWith("r") ? `0${t[1]}` : t);

async function logTable(page) {
  return page.$$eval("#log-advice tbody tr", (rows) => rows.map((r) => [[...r.children].map((c) => c.textContent), r.className]));
}

test("the log view: an mjai file stepped through, each discard beside hupai's table for that seat", async () => {
  assert.ok(LOGS, "HUPAI_GAME_LOGS (the engine's test logs)");
  const file = join(LOGS, "mjai", "126_204_0_mjai.jsonl");
  const lines = (await readFile(file, "utf8")).trim().split("\n").map((l) => JSON.parse(l));
  const { page, errors } = await open("#log");
  assert.equal(await page.isVisible("#log-view"), true, "#log opens the log view");
  await page.setInputFiles("#log-file", file);
  await page.waitForSelector("#log-game:not([hidden])");
  assert.equal(await page.textContent("#log-error"), "");
  const dahai = lines.filter((l) => l.type === "dahai");
  const { replay, discardAdvice, shanten } = await import("hupai");
  const answer = replay(lines.map((l) => JSON.stringify(l)).join("\n"));
  assert.equal(answer.steps.length, dahai.length);
  assert.match(await page.textContent("#log-position"), new RegExp(`discard 1 / ${dahai.length} · E1`));
  // The first discard: the dealer's 13 tiles and its draw, as the file has them.
  const start = lines.find((l) => l.type === "start_kyoku");
  const dealt = [...start.tehais[start.oya], lines.find((l) => l.type === "tsumo").pai].map(mpsz).map((t) => t.replace("0", "5")).sort();
  const hand = (await page.textContent("#log-hand")).match(/^Hand (\S+)/)[1];
  const kinds = [...hand.matchAll(/(\d+)([mpsz])/g)].flatMap(([, ds, s]) => [...ds].map((d) => `${d === "0" ? 5 : d}${s}`)).sort();
  assert.deepEqual(kinds, dealt);
  assert.match(await page.textContent("#log-hand"), new RegExp(`discarded ${mpsz(dahai[0].pai)}\\b`));
  // Step on with the buttons and the keyboard; every shown table is hupai's for the shown hand and
  // the seen tiles, with the discard the log made marked.
  for (const [move, index] of [["#log-next", 1], ["#log-next", 2], ["ArrowRight", 3], ["ArrowLeft", 2], ["#log-next", 3]]) {
    if (move.startsWith("#")) await page.click(move);
    else {
      await page.focus("#log-position");
      await page.keyboard.press(move);
    }
    const step = answer.steps[index];
    assert.match(await page.textContent("#log-position"), new RegExp(`discard ${index + 1} / `));
    assert.equal((await page.textContent("#log-hand")).split(" ")[1], step.hand);
    const want = discardAdvice(step.hand, "riichi", { visible: step.visible });
    const rows = await logTable(page);
    assert.deepEqual(rows.map(([r]) => [r[0], Number(r[1]), Number(r[3])]), want.map((o) => [o.discard, o.shanten, o.unseen]));
    const made = rows.filter(([, cls]) => cls === "made").map(([r]) => r[0]);
    assert.deepEqual(made, [mpsz(dahai[index].pai).replace("0", "5")]);
    assert.match(await page.textContent("#log-summary"), new RegExp(`^(ready|shanten ${shanten(step.hand, "riichi")}|the hand wins)`));
  }
  // One seat's discards only, and the last step shows the final scores.
  await page.selectOption("#log-seat", "2");
  const seatSteps = answer.steps.filter((s) => s.seat === 2).length;
  assert.match(await page.textContent("#log-position"), new RegExp(`discard 1 / ${seatSteps} · \\S+ · seat 2`));
  await page.fill("#log-step", String(seatSteps - 1));
  await page.dispatchEvent("#log-step", "input");
  assert.match(await page.textContent("#log-result"), new RegExp(`Final scores: ${answer.scores.join(" ")}`));
  if (SHOTS) await page.screenshot({ path: join(SHOTS, "log.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("the log view: GB and Hongzhong logs of `hupai play`, flowers set aside, wildcards shown, answered under the log's rules", async () => {
  const { replay, discardAdvice } = await import("hupai");
  const { page, errors } = await open("#log");
  for (const [rules, wildcard] of [["gb", null], ["hongzhong", "7z"]]) {
    const log = cli(["play", "--rules", rules, "--policy", "efficiency", "--seed", "1"]);
    await page.fill("#log-text", log);
    await page.click("#log-open");
    await page.waitForSelector("#log-game:not([hidden])");
    assert.equal(await page.textContent("#log-error"), "", rules);
    const answer = replay(log);
    assert.equal(answer.handRules, rules);
    assert.match(await page.textContent("#log-position"), new RegExp(`discard 1 / ${answer.steps.length} · E1`));
    assert.equal(await page.textContent("#log-dora"), `Rules: ${rules} · ` + (wildcard ? `wildcard ${wildcard}` : "no wildcard"));
    // A step where a seat has flowers set aside (GB) or the discarding seat holds a wildcard (Hongzhong).
    const held = (hand) => [...hand.replace(/[[\]()]/g, "").matchAll(/(\d+)z/g)].some(([, ds]) => ds.includes("7"));
    const index = answer.steps.findIndex((s) => (wildcard ? held(s.hand) : s.rivers.some((r) => r.aside.length > 0)));
    assert.ok(index >= 0, `${rules}: no step with ${wildcard ? "a wildcard held" : "a flower set aside"}`);
    const step = answer.steps[index];
    await page.fill("#log-step", String(index));
    await page.dispatchEvent("#log-step", "input");
    assert.match(await page.textContent("#log-position"), new RegExp(`discard ${index + 1} / `));
    const handLine = await page.textContent("#log-hand");
    assert.equal(handLine.split(" ")[1], step.hand);
    assert.doesNotMatch(step.hand, /f/, "a flower in the hand");
    if (wildcard) assert.match(handLine, new RegExp(`\\(\\d wildcards? ${wildcard}\\)`));
    const seats = await page.$$eval("#log-seats tbody tr", (rows) => rows.map((r) => r.lastElementChild.textContent));
    step.rivers.forEach((r, seat) => {
      if (r.aside.length) assert.match(seats[seat], new RegExp(`flowers ${r.aside.join(" ")}$`), `seat ${seat}`);
    });
    // The table is hupai's under the log's rules, the wildcard's row named, the discard made marked.
    const want = discardAdvice(step.hand, rules, { visible: step.visible });
    const name = (d) => (d === "*" && wildcard ? `* (${wildcard})` : d);
    const rows = await logTable(page);
    assert.deepEqual(rows.map(([r]) => [r[0], Number(r[1]), Number(r[3])]), want.map((o) => [name(o.discard), o.shanten, o.unseen]));
    const made = rows.filter(([, cls]) => cls === "made").map(([r]) => r[0]);
    const discard = step.discard.replace("0", "5");
    assert.deepEqual(made, [discard === wildcard ? `* (${wildcard})` : discard]);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `log-${rules}.png`), fullPage: true });
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test("the log view: a pasted tenhou.net/6 log, a damaged log shown with where, and text that is no log", async () => {
  const text = await readFile(join(LOGS, "tenhou6", "ranked_game.json"), "utf8");
  const { page, errors } = await open("#log");
  await page.fill("#log-text", text);
  await page.click("#log-open");
  await page.waitForSelector("#log-game:not([hidden])");
  assert.equal(await page.textContent("#log-error"), "");
  assert.ok((await logTable(page)).length > 0);
  // The mjai log with one discard changed to a tile the seat does not hold.
  const lines = (await readFile(join(LOGS, "mjai", "126_204_0_mjai.jsonl"), "utf8")).trim().split("\n");
  const at = lines.findIndex((l, i) => i > 100 && l.includes('"type":"dahai"'));
  const bad = JSON.parse(lines[at]);
  bad.pai = bad.pai === "C" ? "P" : "C";
  lines[at] = JSON.stringify(bad);
  await page.fill("#log-text", lines.join("\n"));
  await page.click("#log-open");
  await page.waitForSelector("#log-game:not([hidden])");
  const error = await page.textContent("#log-error");
  assert.match(error, new RegExp(`^The log goes wrong at game 0, [ESWN]\\d(-\\d+)?, event ${at}: .+`));
  const total = Number((await page.textContent("#log-position")).match(/ \/ (\d+)/)[1]);
  assert.equal(total, lines.slice(0, at).filter((l) => l.includes('"type":"dahai"')).length, "the steps before the damaged event");
  // Not a log: the reader's message, and the page keeps working.
  await page.fill("#log-text", "hello");
  await page.click("#log-open");
  assert.match(await page.textContent("#log-error"), /not a game log/);
  assert.equal(await page.isHidden("#log-game"), true);
  await page.click("#views button[data-view='hand']");
  await setHand(page, "riichi", "1112345678999m");
  assert.match(await page.textContent("#summary"), /waits: 1m/);
  assert.deepEqual(errors, []);
  await page.close();
});
