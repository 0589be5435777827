// The package's `Game` as a Node game server uses it: whole games played to the end under riichi
// for four and three players, GB, Sichuan, Hongzhong and Changsha with `hupai play --policy
// random`'s choices among the legal actions, their events equal to the command line's log for the
// same seed; an illegal or malformed action refused with the engine's reason and nothing changed;
// masked events and views, clones, and a freed game's error. Run by crates/hupai-wasm/tests/npm.sh;
// HUPAI_BIN is the command line.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import v8 from "node:v8";
import vm from "node:vm";
import { Game, GAME_RULES, HupaiError } from "hupai";

const BIN = process.env.HUPAI_BIN;
assert.ok(BIN, "HUPAI_BIN: the hupai command line to compare with");

const MASK = (1n << 64n) - 1n;

/** The generator of hupai's seeded policies (`hupai_game::wall::SplitMix64`), so that this player
 * makes the choices `hupai play --policy random` makes. */
class SplitMix64 {
  constructor(seed) {
    this.state = BigInt(seed) & MASK;
  }
  next() {
    this.state = (this.state + 0x9e3779b97f4a7c15n) & MASK;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  }
  /** Lemire's method with rejection, as the Rust generator draws. */
  below(n) {
    const big = BigInt(n);
    const threshold = ((1n << 64n) - big) % big;
    for (;;) {
      const m = this.next() * big;
      if ((m & MASK) >= threshold) return Number(m >> 64n);
    }
  }
}

/** Plays a game with `hupai play --policy random`'s choices (its seed mixed the same way). */
function playRandom(rules, seed) {
  const game = new Game(rules, seed);
  const rng = new SplitMix64(BigInt(seed) ^ 0x005eed0f9a3en);
  let decisions = 0;
  while (!game.done) {
    const seat = game.seat;
    assert.ok(game.toAct.includes(seat));
    const legal = game.legalActions(seat);
    assert.ok(legal.length > 0);
    game.step(seat, legal[rng.below(legal.length)]);
    decisions += 1;
  }
  return { game, decisions };
}

/** The events `hupai play` writes for this game. */
function cliGame(rules, seed) {
  const out = execFileSync(BIN, ["play", "--rules", rules, "--seed", String(seed), "--policy", "random"], {
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  return out.trim().split("\n").map((line) => JSON.parse(line));
}

for (const [rules, seed, players, family] of [
  ["tenhou", 1, 4, "riichi4"],
  ["tenhou-3p", 2, 3, "riichi3"],
  ["gb", 3, 4, "gb"],
  ["sichuan", 4, 4, "sichuan"],
  ["hongzhong", 5, 4, "hongzhong"],
  ["changsha", 6, 4, "changsha"],
]) {
  test(`a ${rules} game played to the end equals hupai play's for seed ${seed}`, () => {
    const { game, decisions } = playRandom(rules, seed);
    assert.equal(game.players, players);
    assert.equal(game.family, family);
    assert.ok(decisions > 50, `${decisions} decisions`);
    const events = game.events();
    const written = cliGame(rules, seed);
    // Under the Chinese families a log's wins carry their score (fans and points), in the
    // written log and in the game's events alike.
    for (const e of written) {
      if (e.type === "hora" && family.startsWith("riichi")) {
        assert.equal(e.score, undefined, `${rules}: ${JSON.stringify(e)}`);
      }
    }
    assert.deepEqual(events, written);
    assert.equal(events.at(-1).type, "end_game");
    assert.equal(game.seat, null);
    assert.deepEqual(game.toAct, []);
    assert.equal(game.scores.length, players);
    assert.equal(game.finalPoints.length, players);
    assert.equal(typeof game.kyoku, "string");
    assert.throws(() => game.step(0, { type: "none" }), { name: "HupaiError", kind: "game", message: "step: the game is over" });
    game.free();
  });
}

test("every game preset makes a game", () => {
  assert.ok(GAME_RULES.includes("tenhou-3p") && GAME_RULES.includes("sichuan") && GAME_RULES.includes("gb-single"));
  for (const rules of GAME_RULES) {
    const game = new Game(rules, 0);
    assert.ok(game.seat !== null && game.tilesLeft > 0 && game.finalPoints === null, rules);
    game.free();
  }
  const east = new Game({ preset: "tenhou", length: "east" }, 9n);
  assert.equal(east.kyoku, "E1");
  assert.equal(east.events()[0].type, "start_game");
  east.free();
});

test("an illegal action is refused with the engine's reason and changes nothing", () => {
  const game = new Game("tenhou", 5);
  const seat = game.seat;
  const view = game.view(seat);
  const missing = ["1m", "2m", "3m", "4m", "9p", "E", "C", "7s"].find((p) => !view.hand.includes(p));
  const before = { events: game.events(), view, state: game.state(), legal: game.legalActions(seat) };
  assert.throws(
    () => game.step(seat, { type: "dahai", pai: missing }),
    (e) => e instanceof HupaiError && e.kind === "game" && e.message.startsWith("step: ") && e.message.includes(missing),
  );
  const other = (seat + 1) % 4;
  assert.throws(() => game.step(other, before.legal[0]), {
    kind: "game",
    message: `step: seat ${other} has nothing to decide now (waiting for seat ${seat})`,
  });
  for (const [action, says] of [
    [undefined, /an action is an mjai object, found null/],
    ["dahai", /an action is an mjai object/],
    [{ pai: "1m" }, /has no 'type'/],
    [{ type: "dahai", pai: "x9" }, /is not a tile/],
    [{ type: "pon", pai: "1m", consumed: ["1m"] }, /must list 2 tiles/],
    [{ type: "fly" }, /unknown type "fly"/],
  ]) {
    assert.throws(() => game.step(seat, action), (e) => e instanceof HupaiError && e.kind === "game" && says.test(e.message));
  }
  for (const [bad, says] of [
    [4, /step: seat 4 does not exist: the table has 4 players \(seats 0-3\)/],
    [-1, /seat -1 does not exist/],
    [NaN, /"NaN" is not a seat/],
    ["0", /"0" is not a seat/],
    [undefined, /step: seat missing/],
  ]) {
    assert.throws(() => game.step(bad, before.legal[0]), (e) => e.kind === "game" && says.test(e.message));
  }
  assert.throws(() => game.step(seat, { type: "dahai", pai: 1n }), { kind: "argument" });
  assert.deepEqual(game.events(), before.events);
  assert.deepEqual(game.view(seat), before.view);
  assert.deepEqual(game.state(), before.state);
  assert.deepEqual(game.legalActions(seat), before.legal);
  // A legal discard named without `tsumogiri` or `actor` is played.
  game.step(seat, { type: "dahai", pai: before.legal[0].pai });
  const played = game.events()[before.events.length];
  assert.deepEqual([played.type, played.actor, played.pai], ["dahai", seat, before.legal[0].pai]);
  game.free();
});

test("events and views are masked for a seat; a clone goes its own way", () => {
  const game = new Game("tenhou-3p", 0);
  const deal = (events) => events.find((e) => e.type === "start_kyoku");
  const all = game.events();
  const seen = game.events(1);
  assert.deepEqual(deal(seen).tehais[1], deal(all).tehais[1]);
  assert.ok(deal(seen).tehais[0].every((p) => p === "?"));
  const view = game.view(1);
  assert.equal(view.seat, 1);
  assert.equal(view.handSizes.length, 3);
  assert.deepEqual(view.scores, game.scores);
  assert.equal(view.tilesLeft, game.tilesLeft);
  const copy = game.clone();
  const seat = copy.seat;
  copy.step(seat, copy.legalActions(seat)[0]);
  assert.notDeepEqual(copy.events(), all);
  assert.deepEqual(game.events(), all);
  copy.free();
  assert.deepEqual(game.events(), all);
  game.free();
});

test("a freed game throws, freeing twice does nothing, and the module holds no freed game", () => {
  const live = Game.live();
  const game = new Game("gb", 1);
  assert.equal(Game.live(), live + 1);
  game.free();
  game.free();
  assert.equal(Game.live(), live);
  for (const use of [() => game.seat, () => game.legalActions(0), () => game.events(), () => game.clone(), () => game.step(0, { type: "none" })]) {
    assert.throws(use, (e) => e instanceof HupaiError && e.kind === "game" && /^game \d+ has been freed$/.test(e.message));
  }
  for (const [rules, seed, says] of [
    ["tenhou-5p", 0, /^rules: /],
    [4, 0, /^rules: expected a preset name/],
    ["tenhou", -1, /^seed: -1 is not a seed/],
    ["tenhou", 0.5, /^seed: 0.5 is not a seed/],
    ["tenhou", 2n ** 64n, /^seed: "18446744073709551616" is not a seed/],
  ]) {
    assert.throws(() => new Game(rules, seed), (e) => e instanceof HupaiError && e.kind === "game" && says.test(e.message));
  }
  assert.equal(Game.live(), live);
});

test("games dropped without free() are freed by the garbage collector", async () => {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc");
  const live = Game.live();
  for (let i = 0; i < 50; i++) new Game("tenhou", i);
  assert.equal(Game.live(), live + 50);
  for (let round = 0; round < 20 && Game.live() > live; round++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  // Every one of the 50 is freed (games other tests dropped may be collected too).
  assert.ok(Game.live() <= live, `${Game.live()} games live, ${live} before`);
});
