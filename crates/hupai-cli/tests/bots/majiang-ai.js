//! An mjai bot that seats @kobalab/majiang-ai (電脳麻将's AI, npm, MIT) in `hupai arena`.
//!
//! It turns the arena's mjai events into majiang-core's `Player` messages (kaiju, qipai, zimo,
//! gangzimo, dapai, fulou, gang, kaigang) and the AI's replies (dapai, fulou, gang, hule, daopai)
//! back into mjai actions. No code of the package is copied here: it is loaded at run time from
//!   node majiang-ai.js [--require DIR] [--no-memo] [SEAT]
//! where DIR (or the environment variable MAJIANG_AI) is the installed package's directory,
//! e.g. `npm install @kobalab/majiang-ai@1.0.13` then `node_modules/@kobalab/majiang-ai`.
//! Four-player riichi only. Win and draw messages (hule, pingju, jieju) are not sent: the AI
//! answers them with nothing, and the next start_kyoku carries the scores.
"use strict";
const path = require("path");
const readline = require("readline");

const args = process.argv.slice(2);
let packageDir = process.env.MAJIANG_AI;
const at = args.indexOf("--require");
if (at >= 0) {
  packageDir = args[at + 1];
  args.splice(at, 2);
}
if (!packageDir) {
  process.stderr.write("majiang-ai.js: give the package's directory with --require DIR or MAJIANG_AI\n");
  process.exit(2);
}
packageDir = path.resolve(packageDir);
const AiPlayer = require(packageDir);
// The rules come from the majiang-core the AI itself depends on.
const Majiang = require(require.resolve("@kobalab/majiang-core", { paths: [packageDir] }));

// The AI spends most of its time (about two thirds, measured with `node --cpu-prof`) in the
// rules' shanten function, asked again and again of the same hands while it searches. The
// function reads only the concealed counts, the number of melds and whether the hand has just
// called; remembering its answers by those changes no decision (a duplicate run's report is
// byte-identical either way: `--no-memo` turns it off to check) and costs a set 1.7 times less CPU.
const noMemo = args.indexOf("--no-memo");
if (noMemo >= 0) args.splice(noMemo, 1);
else memoizeShanten(Majiang.Util);

function memoizeShanten(util) {
  const shanten = util.xiangting;
  const tenpaiTiles = util.tingpai;
  // A direct-mapped table: a hand is two exact numbers (each suit's counts in base 5), its slot a
  // hash of them; a collision replaces the slot's hand. Nothing is allocated per question.
  const SLOTS = 1 << 20;
  const first = new Float64Array(SLOTS).fill(-1);
  const second = new Float64Array(SLOTS);
  const answers = new Float64Array(SLOTS);
  // A count past four (never in a real hand) would not fit a digit: such a hand is not remembered.
  const suit = (counts) => {
    let x = 0;
    for (let n = 1; n < counts.length; n++) {
      if (counts[n] > 4) return NaN;
      x = x * 5 + counts[n];
    }
    return x;
  };
  util.xiangting = (shoupai) => {
    const b = shoupai._bingpai;
    const m = suit(b.m);
    const p = suit(b.p);
    const s = suit(b.s);
    const z = suit(b.z);
    const called = shoupai._zimo && shoupai._zimo.length > 2 ? 1 : 0;
    const k1 = m * 1953125 + p;
    const k2 = ((s * 78125 + z) * 5 + shoupai._fulou.length) * 2 + called;
    if (Number.isNaN(k1 + k2)) return shanten(shoupai);
    const slot = (Math.imul(m ^ (p << 7), 0x9e3779b1) ^ Math.imul(s ^ (z << 5), 0x85ebca6b) ^ k2) >>> 12;
    if (first[slot] === k1 && second[slot] === k2) return answers[slot];
    const x = shanten(shoupai);
    first[slot] = k1;
    second[slot] = k2;
    answers[slot] = x;
    return x;
  };
  // The rules' tenpai tiles ask the shanten function of their own module unless given one.
  util.tingpai = (shoupai, f = util.xiangting) => tenpaiTiles(shoupai, f);
}

let seat = args.length > 0 ? Number(args[args.length - 1]) : null;

// mjai tiles ("5mr", "E") to majiang's ("m0", "z1") and back.
const HONORS = ["E", "S", "W", "N", "P", "F", "C"];
function toMajiang(pai) {
  const honor = HONORS.indexOf(pai);
  if (honor >= 0) return "z" + (honor + 1);
  return pai[1] + (pai.length > 2 ? "0" : pai[0]);
}
function toMjai(p) {
  if (p[0] === "z") return HONORS[Number(p[1]) - 1];
  return p[1] === "0" ? "5" + p[0] + "r" : p[1] + p[0];
}
// A tile's rank for sorting: a red five sorts as a five, after the plain ones.
const rank = (p) => (p[1] === "0" ? 5.5 : Number(p[1]));

function handString(tiles) {
  const bySuit = { m: [], p: [], s: [], z: [] };
  for (const p of tiles.map(toMajiang)) bySuit[p[0]].push(p);
  let text = "";
  for (const s of ["m", "p", "s", "z"]) {
    if (bySuit[s].length) text += s + bySuit[s].sort((a, b) => rank(a) - rank(b)).map((p) => p[1]).join("");
  }
  return text;
}

let player = null;
let oya = 0;
const reachPending = [false, false, false, false];
const kanPending = [false, false, false, false];
let pendingDahai = null; // the discard that follows our own reach

// majiang numbers seats from the dealer (its menfeng); mjai from the table.
const l = (actor) => (actor - oya + 4) % 4;
const direction = (actor, target) => ["", "+", "=", "-"][(target - actor + 4) % 4];

// A called meld in majiang's notation: the claimed tile is marked with where it came from.
function calledMeld(event) {
  const claimed = toMajiang(event.pai);
  const tiles = event.consumed.map(toMajiang).concat([claimed]);
  const mark = direction(event.actor, event.target);
  const s = claimed[0];
  if (event.type === "chi") {
    const sorted = tiles.slice().sort((a, b) => rank(a) - rank(b));
    let text = s;
    let marked = false;
    for (const p of sorted) {
      text += p[1];
      if (!marked && p === claimed) {
        text += mark;
        marked = true;
      }
    }
    return text;
  }
  const own = event.consumed.map(toMajiang).sort((a, b) => rank(a) - rank(b));
  return s + own.map((p) => p[1]).join("") + claimed[1] + mark;
}

function kanMeld(event) {
  if (event.type === "ankan") {
    const tiles = event.consumed.map(toMajiang).sort((a, b) => rank(a) - rank(b));
    return tiles[0][0] + tiles.map((p) => p[1]).join("");
  }
  // kakan: the pon already on the table, plus the added tile.
  const added = toMajiang(event.pai);
  const plain = added[0] + (added[1] === "0" ? "5" : added[1]);
  const melds = player.model.shoupai[l(event.actor)]._fulou;
  const pon = melds.find((m) => m.replace(/0/g, "5").slice(0, 4) === plain + plain[1] + plain[1]);
  return (pon || plain + plain[1] + plain[1] + "=") + added[1];
}

// The majiang message for one mjai event, or null for events it does not need.
function message(event) {
  switch (event.type) {
    case "start_game":
      if (event.id !== undefined) seat = event.id;
      player = new AiPlayer();
      return {
        kaiju: { id: seat, rule: Majiang.rule(), title: "hupai arena", player: ["0", "1", "2", "3"], qijia: 0 },
      };
    case "start_kyoku": {
      oya = event.oya;
      reachPending.fill(false);
      kanPending.fill(false);
      pendingDahai = null;
      const shoupai = ["", "", "", ""];
      shoupai[l(seat)] = handString(event.tehais[seat]);
      const defen = [0, 1, 2, 3].map((i) => event.scores[(oya + i) % 4]);
      return {
        qipai: {
          zhuangfeng: ["E", "S", "W", "N"].indexOf(event.bakaze),
          // Board.menfeng counts seats from qijia + jushu: the dealer is seat jushu.
          jushu: oya,
          changbang: event.honba,
          lizhibang: event.kyotaku,
          defen,
          baopai: toMajiang(event.dora_marker),
          shoupai,
        },
      };
    }
    case "tsumo": {
      const zimo = { l: l(event.actor), p: event.actor === seat ? toMajiang(event.pai) : "" };
      if (kanPending[event.actor]) {
        kanPending[event.actor] = false;
        return { gangzimo: zimo };
      }
      return { zimo };
    }
    case "reach":
      reachPending[event.actor] = true;
      return null;
    case "dahai": {
      let p = toMajiang(event.pai) + (event.tsumogiri ? "_" : "");
      if (reachPending[event.actor]) p += "*";
      reachPending[event.actor] = false;
      return { dapai: { l: l(event.actor), p } };
    }
    case "chi":
    case "pon":
    case "daiminkan":
      if (event.type === "daiminkan") kanPending[event.actor] = true;
      return { fulou: { l: l(event.actor), m: calledMeld(event) } };
    case "ankan":
    case "kakan":
      kanPending[event.actor] = true;
      return { gang: { l: l(event.actor), m: kanMeld(event) } };
    case "dora":
      return { kaigang: { baopai: toMajiang(event.dora_marker) } };
    default:
      return null;
  }
}

const DECISIONS = new Set(["tsumo", "dahai", "chi", "pon", "daiminkan", "ankan", "kakan", "reach"]);

// The AI's reply to the event that asked for a decision, as an mjai action.
function answer(reply, event) {
  if (!reply) return { type: "none" };
  if (reply.dapai) {
    const p = reply.dapai;
    const dahai = { type: "dahai", actor: seat, pai: toMjai(p.slice(0, 2)), tsumogiri: p.includes("_") };
    if (p.includes("*")) {
      pendingDahai = dahai;
      return { type: "reach", actor: seat };
    }
    return dahai;
  }
  if (reply.hule) {
    if (event.type === "tsumo") return { type: "hora", actor: seat, target: seat, pai: event.pai };
    return { type: "hora", actor: seat, target: event.actor, pai: event.pai };
  }
  if (reply.daopai) {
    // 九種九牌 on a draw; a no-ten declaration on a discard has no mjai action.
    return event.type === "tsumo" ? { type: "ryukyoku", actor: seat } : { type: "none" };
  }
  if (reply.fulou) {
    const m = reply.fulou;
    const s = m[0];
    const digits = m.replace(/[^\d]/g, "");
    const markAt = m.search(/[+=-]/);
    const claimedDigit = m[markAt - 1];
    const consumed = [];
    let skipped = false;
    for (const d of digits) {
      if (!skipped && d === claimedDigit) {
        skipped = true;
        continue;
      }
      consumed.push(toMjai(s + d));
    }
    const base = { actor: seat, target: event.actor, pai: event.pai, consumed };
    if (digits.length === 4) return { type: "daiminkan", ...base };
    if (new Set(digits.replace(/0/g, "5")).size === 1) return { type: "pon", ...base };
    return { type: "chi", ...base };
  }
  if (reply.gang) {
    const m = reply.gang;
    const s = m[0];
    if (/^[mpsz]\d{4}$/.test(m)) return { type: "ankan", actor: seat, consumed: [...m.slice(1)].map((d) => toMjai(s + d)) };
    // kakan: the last digit is the added tile, the pon's three before the mark.
    const pon = m.slice(1).replace(/[+=-]/g, "");
    return {
      type: "kakan",
      actor: seat,
      pai: toMjai(s + pon[3]),
      consumed: [...pon.slice(0, 3)].map((d) => toMjai(s + d)),
    };
  }
  return { type: "none" };
}

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  let result = { type: "none" };
  try {
    const events = JSON.parse(line);
    let decisionAt = -1;
    events.forEach((e, i) => {
      if (DECISIONS.has(e.type)) decisionAt = i;
    });
    events.forEach((event, i) => {
      if (event.type === "reach" && event.actor === seat && i === decisionAt && pendingDahai) {
        message(event);
        result = pendingDahai;
        pendingDahai = null;
        return;
      }
      const msg = message(event);
      if (!msg || !player) return;
      if (i === decisionAt) {
        let reply = null;
        player.action(msg, (r) => {
          reply = r;
        });
        result = answer(reply, event);
      } else {
        player.action(msg);
      }
    });
  } catch (error) {
    // The arena counts a wrong answer as one lost decision; say why on standard error.
    process.stderr.write(`majiang-ai.js: ${error.stack || error}\n`);
  }
  process.stdout.write(JSON.stringify(result) + "\n");
});
