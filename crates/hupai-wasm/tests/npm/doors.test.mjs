// The npm package as a user installs it gives the `hupai` command line's answers: on the door
// tests' hands (the 2,000 hands the CLI, Python and C are compared on), wins, waits, shanten,
// effective tiles and discard advice, and the same error messages; the draw odds, decompositions
// and scores on smaller sets. Run by crates/hupai-wasm/tests/npm.sh from a folder where the packed
// tarball is installed; HUPAI_BIN is the command line, HUPAI_DOOR_HANDS the hands.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import * as hupai from "hupai";

const BIN = process.env.HUPAI_BIN;
const HANDS = process.env.HUPAI_DOOR_HANDS;
assert.ok(BIN, "HUPAI_BIN: the hupai command line to compare with");
assert.ok(HANDS, "HUPAI_DOOR_HANDS: the door tests' hands (door_hands.py)");

/** What `hupai ARGS` prints (exit status 2 only says that some line was an error). */
function cli(args, input) {
  try {
    return execFileSync(BIN, args, { input, encoding: "utf8", maxBuffer: 1 << 28, stdio: ["pipe", "pipe", "pipe"] });
  } catch (e) {
    if (e.status === 2 && e.stdout) return e.stdout;
    throw e;
  }
}

/** One object per line of `hupai batch ARGS` over these hands. */
function batch(args, hands) {
  return cli(["batch", ...args], hands.map((h) => h + "\n").join("")).trim().split("\n").map((l) => JSON.parse(l));
}

/** The answer, or ["error", message] for a thrown HupaiError. */
function asked(f) {
  try {
    return f();
  } catch (e) {
    assert.ok(e instanceof hupai.HupaiError, `a HupaiError, not ${e}`);
    return ["error", e.message];
  }
}

const cases = readFileSync(HANDS, "utf8").trim().split("\n").map((l) => l.split("\t"));

test("the door tests' hands: the package answers as `hupai batch --advice`", () => {
  assert.equal(cases.length, 2000);
  const byRules = new Map();
  for (const [rules, hand] of cases) {
    if (!byRules.has(rules)) byRules.set(rules, []);
    byRules.get(rules).push(hand);
  }
  const seen = { win: 0, waits: 0, error: 0, effective: 0, advice: 0, neverWins: 0 };
  for (const [rules, hands] of byRules) {
    const lines = batch(["--rules", rules, "--advice"], hands);
    assert.equal(lines.length, hands.length);
    hands.forEach((hand, i) => {
      const line = lines[i];
      const where = `${hand} under ${rules}`;
      assert.equal(line.hand, hand);
      const checked = hupai.check(hand, rules);
      if ("error" in line) {
        seen.error++;
        assert.deepEqual(checked, { hand, error: line.error }, where);
        const fn = hand.length % 3 === 2 ? hupai.isWin : hupai.waits;
        assert.deepEqual(asked(() => fn(hand, rules)), ["error", line.error], where);
        return;
      }
      if ("win" in line) {
        seen.win++;
        assert.deepEqual(checked, { hand, win: line.win }, where);
        assert.equal(hupai.isWin(hand, rules), line.win, where);
      } else {
        seen.waits++;
        assert.deepEqual(checked, { hand, waits: line.waits }, where);
        assert.deepEqual(hupai.waits(hand, rules), line.waits, where);
      }
      const shanten = asked(() => hupai.shanten(hand, rules));
      if ("shanten_error" in line) {
        seen.neverWins++;
        assert.deepEqual(shanten, ["error", line.shanten_error], where);
        return;
      }
      assert.equal(shanten, line.shanten, where);
      if ("waits" in line) {
        seen.effective++;
        const e = hupai.effectiveTiles(hand, rules);
        assert.equal(e.shanten, line.shanten, where);
        assert.deepEqual(Object.keys(e.effective), line.effective, where);
        assert.equal(e.unseen, line.unseen, where);
        assert.equal(Object.values(e.effective).reduce((a, b) => a + b, 0), line.unseen, where);
      } else {
        seen.advice++;
        const advice = hupai.discardAdvice(hand, rules).map((a) => [a.discard, a.shanten, Object.keys(a.effective), a.unseen]);
        assert.deepEqual(advice, line.advice.map((a) => [a.discard, a.shanten, a.effective, a.unseen]), where);
      }
    });
  }
  // The hands reach every kind of answer, or the comparison proves little.
  assert.ok(seen.win >= 100 && seen.effective >= 300 && seen.advice >= 300 && seen.error >= 10, JSON.stringify(seen));
});

test("draw odds: discardEv equals `hupai batch --ev`, and one discard at a time equals the table", () => {
  const rules = ["standard", "riichi", "hongzhong", "sichuan+void-any", "gb", "sanma"];
  let compared = 0;
  for (const r of rules) {
    // Complete hands of the corpus close to ready, a few per rules (the odds take milliseconds each).
    const hands = cases
      .filter(([cr, h]) => cr === r && !h.includes("x"))
      .map(([, h]) => h)
      .filter((h) => {
        const line = hupai.check(h, r);
        return "win" in line && !line.win && asked(() => hupai.shanten(h, r)) <= 1;
      })
      .slice(0, 4);
    const lines = batch(["--rules", r, "--ev", "--turns", "8"], hands);
    hands.forEach((hand, i) => {
      const where = `${hand} under ${r}`;
      const line = lines[i];
      if ("ev_error" in line) {
        assert.deepEqual(asked(() => hupai.discardEv(hand, r, { turns: 8 })), ["error", line.ev_error], where);
        return;
      }
      const table = hupai.discardEv(hand, r, { turns: 8 });
      assert.deepEqual(
        table.map((d) => [d.discard, d.shanten, d.tenpai, d.win, d.score ?? undefined]),
        line.ev.discards.map((d) => [d.discard, d.shanten, d.tenpai, d.win, d.score]),
        where,
      );
      for (const d of table) {
        assert.equal(d.policy, line.ev.policy);
        const [one] = hupai.discardEv(hand, r, { turns: 8, discard: d.discard });
        assert.equal(one.discard, d.discard, where);
        assert.equal(one.shanten, d.shanten, where);
        for (const k of ["tenpai", "win"]) assert.ok(Math.abs(one[k] - d[k]) < 1e-12, `${where} ${d.discard} ${k}: ${one[k]} vs ${d[k]}`);
        if (d.score !== null) assert.ok(Math.abs(one.score - d.score) < 1e-9 * Math.max(1, Math.abs(d.score)), `${where} ${d.discard} score`);
      }
      compared++;
    });
  }
  assert.ok(compared >= 12, `${compared} hands compared`);
});

test("decompositions and their count equal `hupai check --json`", () => {
  const hands = cases.filter(([r, h]) => r === "standard" && !h.includes("x") && hupai.check(h, r).win === true).map(([, h]) => h);
  assert.ok(hands.length >= 5, `${hands.length} winning hands`);
  for (const hand of hands.slice(0, 20)) {
    const line = JSON.parse(cli(["check", "--json", hand]));
    assert.deepEqual(hupai.decompositions(hand), line.decompositions.map((d) => d.groups), hand);
    assert.equal(hupai.countDecompositions(hand), line.decompositions.length, hand);
  }
  // Fourteen wildcards: millions, refused without a limit, the first N with one.
  assert.equal(hupai.decompositions("*".repeat(14), "standard", { limit: 10 }).length, 10);
  assert.throws(() => hupai.decompositions("*".repeat(14)), { name: "HupaiError", kind: "argument", message: /11580567 decompositions/ });
});

const SITUATIONS = [
  { hand: "123m456p789s1122z", win: "2z" },
  { hand: "234m456p678s22p567s", win: "2m", tsumo: true, riichi: true, dora: ["1m"] },
  { hand: "11223344556677m", win: "7m", tsumo: true },
  { hand: "19m19p19s1234567z1m", win: "1m" },
  { hand: "123m456p789s22z[555z]", win: "3m", seat: "2z", round: "1z", honba: 2, kyotaku: 1 },
  { hand: "123m406p789s11122z", win: "6p", ura: "1m", riichi: true },
  { hand: "123m456p789s77*7z11z", win: "1z", birds: ["1m", "5p"] },
  { hand: "22558m22558p2255s", win: "8m" },
  { hand: "123m456p789s1123z", win: "3z" },
  { hand: "12x", win: "2z" },
  { hand: "123m456p789s1122z", win: "2z", spelling_mistake: true },
];

test("scores equal `hupai score` under every scored rule set, errors included", () => {
  for (const rules of hupai.SCORE_RULES) {
    const out = cli(["score", "--rules", rules], SITUATIONS.map((s) => JSON.stringify(s) + "\n").join("")).trim().split("\n");
    SITUATIONS.forEach((s, i) => {
      const want = JSON.parse(out[i]);
      const got = asked(() => hupai.score(s, rules));
      if ("error" in want) assert.deepEqual(got, ["error", want.error], `${JSON.stringify(s)} under ${rules}`);
      else assert.deepEqual(got, want, `${JSON.stringify(s)} under ${rules}`);
    });
  }
});

test("bad input: the command line's messages, thrown as HupaiError with a kind", () => {
  const bad = ["", "   ", "12x", "123m", "11111m23456789p", "123m456p789s11122z[123m][456m][789m][111z][222z]", "0m"];
  const lines = batch([], bad);
  bad.forEach((hand, i) => {
    assert.ok("error" in lines[i], hand);
    assert.deepEqual(hupai.check(hand), { hand, error: lines[i].error });
  });
  assert.throws(() => hupai.isWin("12x"), { name: "HupaiError", kind: "hand", message: lines[2].error });
  const visible = "visible tiles: 1z is seen 5 times (the hand's 2 and 3 visible); there are only 4";
  assert.throws(() => hupai.effectiveTiles("123m456p789s1134z", "standard", { visible: "111z" }), { kind: "hand", message: visible });
  assert.throws(() => hupai.discardAdvice("123m456p789s1134z5z", "standard", { visible: "111z" }), { kind: "hand", message: visible });
  assert.throws(() => hupai.shanten("123m456p789s1134z", "nonsense"), { kind: "argument" });
  assert.throws(() => hupai.shanten("123m456p789s1134z", "standard", { wildcardTile: "0m" }), { kind: "argument", message: /0m/ });
  assert.throws(() => hupai.shanten("123m456p789s1134z", "standard", { wildcrdTile: "7z" }), { kind: "argument", message: "unknown option 'wildcrdTile'" });
  assert.throws(() => hupai.isWin(42), { kind: "argument", message: "hand: expected a string, found a number" });
  assert.throws(() => hupai.discardEv("123m456p789s1122z9p", "standard", { turns: 300 }), { kind: "argument" });
  assert.throws(() => hupai.score({ hand: "123m456p789s1122z", win: "2z" }, "standard"), { kind: "argument", message: /no scorer/ });
  // Long and strange text: an error, never a trap.
  assert.throws(() => hupai.isWin("1".repeat(100000) + "m"), { kind: "hand" });
  assert.throws(() => hupai.isWin("\u{1F000}".repeat(20)), { kind: "hand" });
  assert.equal(hupai.isWin("123m456p789s11122z"), true, "still answering after the errors");
});

test("the constants", () => {
  assert.ok(hupai.RULES.includes("riichi") && hupai.RULES.includes("hongzhong") && hupai.RULES.length >= 9);
  assert.equal(hupai.TILES.length, 34);
  assert.deepEqual(hupai.SCORE_RULES, ["riichi", "sanma", "gb", "sichuan", "changsha", "hongzhong"]);
  assert.match(hupai.VERSION, /^\d+\.\d+\.\d+/);
});
