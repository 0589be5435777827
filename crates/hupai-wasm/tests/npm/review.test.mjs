// `hupai review --format html` opens in a real browser: Debian's Chromium (playwright-core) loads
// the one page the command writes for a real Tenhou game from a file, with nothing else beside
// it; the page shows the summary and one section per decision the JSON review lists, and its
// links to the largest losses lead to their decisions. Keeps a screenshot in HUPAI_SCREENSHOTS.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { launch } from "./site.mjs";

const BIN = process.env.HUPAI_BIN;
const LOGS = process.env.HUPAI_GAME_LOGS;
const SHOTS = process.env.HUPAI_SCREENSHOTS;

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
