// The page's Play view in Debian's Chromium: a whole hanchan of `tenhou` against the hupai player
// and a whole game of `sichuan` against the efficiency player, played through the page's controls
// alone (the test reads the page to pick what to click: a Win button when there is one, else the
// rightmost tile it may play, else the first button), to the end screen, asking for hints (checked against the package's discardAdvice and discardEv); the log downloaded as
// mjai (and tenhou.net/6 for riichi) must replay in `hupai replay` with every result equal and end
// on the scores the page shows. Screenshots at desktop and phone width are kept in
// HUPAI_SCREENSHOTS; the opponents' decision times are printed (docs/web.md states the median).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { launch, serve } from "./site.mjs";

const SITE = process.env.HUPAI_SITE;
const BIN = process.env.HUPAI_BIN;
const SHOTS = process.env.HUPAI_SCREENSHOTS;

let server;
let browser;
let base;

before(async () => {
  assert.ok(SITE && BIN && SHOTS, "HUPAI_SITE (the built page), HUPAI_BIN (the command line), HUPAI_SCREENSHOTS");
  server = await serve(SITE);
  base = server.base;
  browser = await launch();
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** What the page offers now: the answer's number, the state, the buttons' types, the playable tiles. */
function offer(page) {
  return page.evaluate(() => ({
    turn: Number(document.body.dataset.playTurn ?? 0),
    play: document.body.dataset.play,
    error: document.getElementById("play-error").textContent,
    buttons: [...document.querySelectorAll("#play-actions button")].map((b) => b.dataset.type),
    tiles: [...document.querySelectorAll("#play-hand .tile-button")].map((b) => !b.disabled),
  }));
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

/** The opponents' decision times: every decision, those among two or more legal actions, discards. */
function timing(times) {
  const part = (what, list) => {
    const ms = list.map((t) => t.ms);
    return `${what} ${ms.length}: median ${median(ms).toFixed(2)} ms, 90th percentile ${[...ms].sort((a, b) => a - b)[Math.floor(ms.length * 0.9)]?.toFixed(2)} ms, max ${Math.max(...ms).toFixed(1)} ms`;
  };
  return [part("decisions", times), part("with a choice", times.filter((t) => t.choices > 1)), part("discards", times.filter((t) => t.type === "dahai"))].join("; ");
}

/** Plays a whole game of `rules` in the page by clicks alone; returns what the test checks. */
async function playWhole(rules, seed, opponents, shots, hints = false) {
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(`${base}#play?rules=${rules}&seed=${seed}&opponents=${opponents}`);
  await page.waitForSelector("body[data-ready='1']");
  assert.equal(await page.inputValue("#play-rules"), rules, "the URL's rules");
  assert.equal(await page.inputValue("#play-seed"), String(seed), "the URL's seed");
  await page.click("#play-start");
  let turn = 0;
  let clicks = 0;
  let shotTaken = false;
  let hinted = 0;
  for (;;) {
    await page.waitForFunction((t) => Number(document.body.dataset.playTurn ?? 0) > t || document.body.dataset.play === "error", turn, { timeout: 60_000 });
    const now = await offer(page);
    assert.notEqual(now.play, "error", `the page's error: ${now.error}`);
    turn = now.turn;
    if (now.play === "over") break;
    assert.equal(now.play, "ready", "the page waits for the person only when it may act");
    const playable = now.tiles.map((ok, i) => (ok ? i : -1)).filter((i) => i >= 0);
    assert.ok(playable.length || now.buttons.length, "something to click when the page is ready");
    if (!shotTaken && clicks === 40) {
      await page.screenshot({ path: join(SHOTS, `${shots}-desktop.png`), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: join(SHOTS, `${shots}-phone.png`), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      shotTaken = true;
    }
    if (hints && clicks >= 20 && hinted < 2 && playable.length) {
      // Hints are off until asked: then the hupai player's choice and its candidates for this
      // seat, and each discard's effective tiles and draw odds, which must be the package's
      // discardAdvice and discardEv for the position the hint names. Asked on turns until one
      // is near enough to ready for its odds.
      if (hinted === 0) {
        assert.equal(await page.locator("#play-hint tr").count(), 0, "no hints before asked");
        await page.check("#play-hints");
      }
      await page.waitForSelector("#play-hint-position");
      const hint = await page.textContent("#play-hint p");
      assert.match(hint, /^hupai plays \w+/);
      assert.ok((await page.locator("#play-hint tbody tr.made").count()) === 1, "the hupai player's choice marked");
      const position = await page.$eval("#play-hint-position", (p) => ({ ...p.dataset }));
      const rows = await page.$$eval("#play-hint-odds tbody tr", (trs) => trs.map((tr) => ({ ...tr.dataset, cells: [...tr.children].map((td) => td.textContent) })));
      const { discardAdvice, discardEv } = await import("hupai");
      const advice = discardAdvice(position.hand, position.rules, { visible: position.visible });
      assert.deepEqual(rows.map((r) => [r.discard, Number(r.cells[1]), Number(r.cells[3])]), advice.map((a) => [a.discard, a.shanten, a.unseen]), "the hint's discards are discardAdvice's");
      if (rows[0]?.tenpai !== undefined) {
        const ev = discardEv(position.hand, position.rules, { visible: position.visible, turns: Number(position.turns) });
        for (const r of rows) {
          const e = ev.find((x) => x.discard === r.discard);
          assert.deepEqual([Number(r.tenpai), Number(r.win), Number(r.score)], [e.tenpai, e.win, e.score], `the hint's odds of ${r.discard} are discardEv's`);
        }
        hinted = 2;
        await page.screenshot({ path: join(SHOTS, `${shots}-hints.png`), fullPage: true });
        await page.uncheck("#play-hints");
        assert.equal(await page.locator("#play-hint tr").count(), 0, "hints hidden again");
      } else hinted = 1;
    }
    const win = now.buttons.indexOf("hora");
    if (win >= 0) await page.click(`#play-actions button:nth-child(${win + 1})`);
    else if (playable.length) await page.click(`#play-hand .tile-button:nth-child(${playable.at(-1) + 1})`);
    else await page.click("#play-actions button:first-child");
    clicks++;
  }
  assert.ok(shotTaken, "the game lasted past 40 clicks");
  if (hints) assert.equal(hinted, 2, "a hint with the draw odds was shown and checked");
  await page.waitForSelector("#play-end:not([hidden])");
  await page.screenshot({ path: join(SHOTS, `${shots}-end-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(SHOTS, `${shots}-end-phone.png`), fullPage: true });
  const ranks = await page.$$eval("#play-ranks tbody tr", (rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
  const results = await page.$$eval("#play-results li", (items) => items.map((li) => li.textContent));
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#play-mjai")]);
  const mjai = await readFile(await download.path(), "utf8");
  let tenhou6 = null;
  if (await page.isVisible("#play-tenhou6")) {
    const [d6] = await Promise.all([page.waitForEvent("download"), page.click("#play-tenhou6")]);
    tenhou6 = await readFile(await d6.path(), "utf8");
  }
  // The finished game opens in the log view.
  await page.click("#play-open-log");
  await page.waitForSelector("#log-view:not([hidden])");
  const times = await page.evaluate(() => self.hupaiPlayTimes);
  assert.deepEqual(errors, [], "no error in the page");
  await context.close();
  return { clicks, ranks, results, mjai, tenhou6, times };
}

function replayed(text, name) {
  const file = join(SHOTS, name);
  return writeFile(file, text).then(() => execFileSync(BIN, ["replay", file], { encoding: "utf8" }).trim().split("\n").map((l) => JSON.parse(l)));
}

function checkGame(game, lines, players) {
  assert.equal(lines.length, 1, "one game in the log");
  const [line] = lines;
  assert.equal(line.ok, true, `hupai replay: ${JSON.stringify(line)}`);
  const shown = new Map(game.ranks.map(([, seat, score]) => [seat === "You" ? 0 : Number(seat.replace("Seat ", "")), Number(score)]));
  assert.equal(shown.size, players);
  assert.deepEqual(line.scores, [...Array(players).keys()].map((s) => shown.get(s)), "the end screen's scores are the log's");
}

/** Plays `clicks` decisions of a game in the page (or to its end), checking each offer; returns the page's state. */
async function playSome(page, clicks) {
  let turn = 0;
  for (let k = 0; k < clicks; k++) {
    await page.waitForFunction((t) => Number(document.body.dataset.playTurn ?? 0) > t || document.body.dataset.play === "error", turn, { timeout: 60_000 });
    const now = await offer(page);
    assert.notEqual(now.play, "error", `the page's error: ${now.error}`);
    turn = now.turn;
    if (now.play === "over") return now;
    const playable = now.tiles.map((ok, i) => (ok ? i : -1)).filter((i) => i >= 0);
    assert.ok(playable.length || now.buttons.length, "something to click when the page is ready");
    // The page may move on between reading its offer and the click (the exchange's picks are
    // answered one by one, and its last pick is followed by the void suit's buttons): a click
    // that finds nothing to press within a few seconds reads the offer again (the page has drawn
    // a newer answer, so the wait above passes at once).
    try {
      if (playable.length) await page.locator("#play-hand .tile-button:not([disabled])").first().click({ timeout: 5_000 });
      else await page.locator("#play-actions button").last().click({ timeout: 5_000 });
    } catch (e) {
      if (e.name !== "TimeoutError") throw e;
      const again = await offer(page);
      assert.ok(again.turn > turn || again.play === "over", `the click found nothing to press and the page did not move on: ${e.message}`);
    }
  }
  return offer(page);
}

test("every preset of every family deals and plays in the page, its seats drawn", { timeout: 900_000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${base}#play?rules=tenhou&seed=3&opponents=random`);
  await page.waitForSelector("body[data-ready='1']");
  const presets = await page.$$eval("#play-rules option", (options) => options.map((o) => o.value));
  assert.deepEqual(presets, ["tenhou", "mahjong-soul", "m-league", "wrc", "tenhou-3p", "mahjong-soul-3p", "gb", "gb-single", "sichuan", "hongzhong", "changsha"]);
  for (const rules of presets) {
    await page.selectOption("#play-rules", rules);
    await page.selectOption("#play-opponents", rules.endsWith("3p") ? "efficiency" : "random");
    await page.click("#play-start");
    assert.match(page.url(), new RegExp(`#play\\?rules=${rules}&seed=3&opponents=`), "the URL holds the rules and seed");
    if (rules === "tenhou") {
      // The keys: 1-9 or the arrows pick a tile, Enter plays it (the dealer's first discard).
      await page.waitForFunction(() => document.body.dataset.play === "ready");
      const before = Number(await page.evaluate(() => document.body.dataset.playTurn));
      await page.keyboard.press("3");
      assert.equal(await page.locator("#play-hand .tile-button.selected").count(), 1, "a tile picked by its key");
      await page.keyboard.press("ArrowRight");
      const picked = await page.getAttribute("#play-hand .tile-button.selected", "data-index");
      assert.equal(picked, "3", "the arrow moves the pick");
      await page.keyboard.press("Enter");
      await page.waitForFunction((t) => Number(document.body.dataset.playTurn) > t, before);
      assert.ok((await page.locator("#play-seats .seat-bottom .river .tile").count()) >= 1, "Enter discarded the picked tile");
    }
    await playSome(page, 12);
    const seats = await page.locator("#play-seats .seat").count();
    assert.equal(seats, rules.endsWith("3p") ? 3 : 4, `${rules}: every seat drawn`);
    assert.ok((await page.locator("#play-hand .tile-button").count()) >= 1, `${rules}: the hand drawn`);
    if (["tenhou-3p", "gb", "hongzhong", "changsha"].includes(rules)) await page.screenshot({ path: join(SHOTS, `play-${rules}.png`), fullPage: true });
  }
  assert.deepEqual(errors, [], "no error in the page");
  await context.close();
});

test("a whole hanchan of tenhou against the hupai player, by clicks alone", { timeout: 900_000 }, async () => {
  const game = await playWhole("tenhou", 7, "hupai", "play-tenhou", true);
  const lines = await replayed(game.mjai, "play-tenhou.mjson");
  checkGame(game, lines, 4);
  const events = game.mjai.trim().split("\n").map((l) => JSON.parse(l));
  assert.ok(events.filter((e) => e.type === "start_kyoku").length >= 8, "a hanchan has at least eight hands");
  assert.equal(game.results.length, events.filter((e) => e.type === "hora" || e.type === "ryukyoku").length, "every hand's end listed");
  assert.ok(game.results.some((r) => /han .* fu; \d+ points|yakuman/.test(r)), "a win shows its yaku, han, fu and points");
  assert.ok(game.tenhou6, "the tenhou.net/6 download");
  const lines6 = await replayed(game.tenhou6, "play-tenhou.json");
  checkGame(game, lines6, 4);
  console.log(`tenhou: ${game.clicks} clicks; the hupai player's ${timing(game.times)}`);
});

test("a whole game of sichuan against the efficiency player, by clicks alone", { timeout: 900_000 }, async () => {
  const game = await playWhole("sichuan", 7, "efficiency", "play-sichuan");
  const lines = await replayed(game.mjai, "play-sichuan.mjson");
  checkGame(game, lines, 4);
  const events = game.mjai.trim().split("\n").map((l) => JSON.parse(l));
  assert.ok(events.some((e) => e.type === "dingque" && e.actor === 0), "the void suit chosen by a button");
  assert.ok(events.some((e) => e.type === "huansanzhang" && e.actor === 0), "the tiles passed on chosen by clicks");
  assert.equal(game.tenhou6, null, "no tenhou.net/6 download outside riichi");
  // Each win names its fans, one per fan the log's hora records, each with the value the log gives.
  const horas = events.filter((e) => e.type === "hora");
  const wins = game.results.filter((r) => / wins on /.test(r)).reverse();
  assert.ok(horas.length > 0 && wins.length === horas.length, `${wins.length} wins listed, ${horas.length} in the log`);
  horas.forEach((h, i) => {
    if (!h.score.fans.length) return;
    const fans = wins[i].split("): ")[1].split("; ")[0].split(", ");
    assert.deepEqual(fans.map((f) => Number(f.split(" ").at(-1))), h.score.fans.map(([, fan]) => fan), wins[i]);
    assert.ok(fans.every((f) => /\S+ \d+$/.test(f)), wins[i]);
  });
  console.log(`sichuan: ${game.clicks} clicks; the efficiency player's ${timing(game.times)}`);
});
