// The package through require(): loaded synchronously, the same functions and answers as the ES
// module, `init()` resolving at once, and one module instance per entry point.
const { test } = require("node:test");
const assert = require("node:assert/strict");

test("require('hupai') answers at once", async () => {
  const hupai = require("hupai");
  assert.equal(hupai.isWin("123m456p789s11122z"), true);
  assert.deepEqual(hupai.waits("1112345678999m"), ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]);
  assert.equal(hupai.shanten("123456789m11p222s", "sichuan+void-p"), 1);
  assert.deepEqual(hupai.discardAdvice("123m456p789s11223z")[0], { discard: "3z", shanten: 0, effective: { "1z": 2, "2z": 2 }, unseen: 4 });
  assert.equal(await hupai.init(), undefined);
  assert.throws(() => hupai.isWin("12x"), (e) => e instanceof hupai.HupaiError && e instanceof Error && e.kind === "hand");
  const esm = await import("hupai");
  assert.deepEqual(esm.discardEv("123m456p789s1122z9p", "riichi", { turns: 5 }), hupai.discardEv("123m456p789s1122z9p", "riichi", { turns: 5 }));
  assert.deepEqual(esm.RULES, hupai.RULES);
});

test("require('hupai').Game plays as the ES module's does", async () => {
  const hupai = require("hupai");
  const esm = await import("hupai");
  // Each entry point has its own module instance, so each its own table of games.
  const a = new hupai.Game("gb", 3);
  const b = new esm.Game("gb", 3);
  for (let i = 0; i < 200 && !a.done; i++) {
    const seat = a.seat;
    assert.equal(b.seat, seat);
    const legal = a.legalActions(seat);
    assert.deepEqual(b.legalActions(seat), legal);
    a.step(seat, legal[i % legal.length]);
    b.step(seat, legal[i % legal.length]);
  }
  assert.deepEqual(a.events(), b.events());
  assert.ok(a.events().some((e) => e.type === "hua"));
  assert.throws(() => a.step(a.seat, { type: "reach" }), (e) => e instanceof hupai.HupaiError && e.kind === "game" && e.message.startsWith("step: "));
  a.free();
  b.free();
  assert.throws(() => a.events(), { kind: "game", message: /has been freed/ });
});

test("the browser entry: nothing answers before init(), everything after (bytes or a compiled module)", () => {
  // A fresh process, so the module is not already loaded by the Node entry.
  const { execFileSync } = require("node:child_process");
  const { pathToFileURL } = require("node:url");
  const dir = require.resolve("hupai").replace(/node\.cjs$/, "");
  const code = `
    import { readFileSync } from "node:fs";
    const web = await import(${JSON.stringify(pathToFileURL(dir + "index.mjs").href)});
    const out = [];
    try { web.isWin("123m456p789s11122z"); out.push("answered"); } catch (e) { out.push(e.kind, /await init\\(\\)/.test(e.message)); }
    const bytes = readFileSync(${JSON.stringify(dir + "hupai_bg.wasm")});
    await web.init(new WebAssembly.Module(bytes));
    out.push(web.isWin("123m456p789s11122z"), web.waits("1112345678999m").length);
    console.log(JSON.stringify(out));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8" });
  assert.deepEqual(JSON.parse(out), ["internal", true, true, 9]);
});
