// hupai's page, the Play view: a game against hupai's players under any preset. The game and the
// players run in a Web Worker (play-worker.mjs, the players' module); this file draws the table
// from what the person's seat sees and offers its legal actions: tiles to click (or keys: arrows
// or 1-9 to pick, Enter to play) and buttons for everything else, only when legal. The rules, the
// seed and the opponents live in the URL (`#play?rules=tenhou&seed=7&opponents=hupai`), so a game
// can be played again or shared.
import { tileElement } from "./tiles.mjs";

const $ = (id) => document.getElementById(id);
const GAME_RULES = ["tenhou", "mahjong-soul", "m-league", "wrc", "tenhou-3p", "mahjong-soul-3p", "gb", "gb-single", "sichuan", "hongzhong", "changsha"];
const OPPONENTS = ["hupai", "efficiency", "random"];
const HUMAN = 0;
const WIND = { E: "East", S: "South", W: "West", N: "North" };

/** Tenhou's yaku by id (what a riichi win lists). */
const YAKU = [
  "menzen tsumo", "riichi", "ippatsu", "chankan", "rinshan kaihou", "haitei", "houtei", "pinfu", "tanyao", "iipeikou",
  "seat wind E", "seat wind S", "seat wind W", "seat wind N", "round wind E", "round wind S", "round wind W", "round wind N",
  "haku", "hatsu", "chun", "double riichi", "chiitoitsu", "chanta", "ittsu", "sanshoku doujun", "sanshoku doukou", "sankantsu",
  "toitoi", "sanankou", "shousangen", "honroutou", "ryanpeikou", "junchan", "honitsu", "chinitsu", "renhou", "tenhou", "chiihou",
  "daisangen", "suuankou", "suuankou tanki", "tsuuiisou", "ryuuiisou", "chinroutou", "chuuren poutou", "junsei chuuren poutou",
  "kokushi musou", "kokushi musou 13-sided", "daisuushii", "shousuushii", "suukantsu", "dora", "ura dora", "aka dora",
];

let worker = null;
let last = null;
let selected = -1;
let results = [];
/** The hand being played, as `E1-0` (its wind, number and counters). */
let handName = "";
let family = "";
let logs = null;
let onLog = null;
/** Every opponent decision's time in ms, for the page's figures (read by the tests). */
const times = [];
self.hupaiPlayTimes = times;

function params() {
  const q = new URLSearchParams(location.hash.split("?")[1] ?? "");
  return {
    rules: GAME_RULES.includes(q.get("rules")) ? q.get("rules") : "tenhou",
    seed: /^\d{1,19}$/.test(q.get("seed") ?? "") ? q.get("seed") : String(Math.floor(Math.random() * 1e9)),
    opponents: OPPONENTS.includes(q.get("opponents")) ? q.get("opponents") : "hupai",
  };
}

function saveParams() {
  const q = new URLSearchParams({ rules: $("play-rules").value, seed: $("play-seed").value.trim(), opponents: $("play-opponents").value });
  history.replaceState(null, "", location.pathname + location.search + "#play?" + q);
}

function start() {
  const seed = $("play-seed").value.trim();
  if (!/^\d{1,19}$/.test(seed) || BigInt(seed) >= 2n ** 64n) {
    $("play-error").textContent = `seed: ${JSON.stringify(seed)} is not a seed (a whole number from 0 to 2**64 - 1)`;
    return;
  }
  saveParams();
  $("play-error").textContent = "";
  $("play-end").hidden = true;
  $("play-results").replaceChildren();
  $("play-hint").replaceChildren();
  results = [];
  last = null;
  logs = null;
  if (!worker) {
    worker = new Worker(new URL("./play-worker.mjs", import.meta.url), { type: "module" });
    worker.onmessage = ({ data }) => receive(data);
  }
  $("play-table").hidden = false;
  $("play-status").textContent = "dealing…";
  worker.postMessage({ op: "start", rules: $("play-rules").value, seed, opponents: $("play-opponents").value, human: HUMAN });
}

function receive(data) {
  if (data.type === "error") {
    $("play-error").textContent = data.message;
    document.body.dataset.play = "error";
    $("play-status").textContent = "";
    return;
  }
  if (data.type === "hint") return showHint(data);
  if (data.type === "log") {
    logs = data;
    if (onLog) onLog(data);
    onLog = null;
    return;
  }
  times.push(...data.times);
  family = data.state.family;
  last = data;
  selected = -1;
  for (const e of data.events) record(e, data);
  render();
  // The last hint is of a position gone: it goes before the new one is asked.
  $("play-hint").replaceChildren();
  if ($("play-hints").checked && !data.state.done && data.legal.length) worker.postMessage({ op: "hint" });
}

const seatName = (s) => (s === HUMAN ? "You" : `Seat ${s}`);

/** Adds a hand's end to the results list: each win with its yaku/fans, fu and points, a draw's reason, and the settlement. */
function record(e, data) {
  if (e.type === "start_kyoku") handName = `${e.bakaze}${e.kyoku}-${e.honba}`;
  if (e.type !== "hora" && e.type !== "ryukyoku") return;
  const li = document.createElement("li");
  const kyoku = handName;
  if (e.type === "hora") {
    const k = results.filter((r) => r === "hora").length;
    const win = data.wins[k];
    results.push("hora");
    const how = e.actor === e.target ? "tsumo" : `ron from ${seatName(e.target)}`;
    let value = "";
    if (win) {
      if (family.startsWith("riichi")) {
        const yaku = win.yaku.map(([id, han]) => `${YAKU[id] ?? "yaku " + id} ${han}`).join(", ");
        value = `${yaku}; ${win.yakuman ? "yakuman" : `${win.han} han ${win.fu} fu`}; ${win.points} points`;
      } else {
        // The Chinese families: each fan as the family's scorer names it (its value: fan × count),
        // the hand's fan total (when the family counts fans) and its points.
        const fans = (win.fans ?? []).map((f) => `${f.name} ${f.fan}`).join(", ");
        value = `${fans ? fans + "; " : ""}${win.han > 0 ? `${win.han} fan; ` : ""}${win.points} points`;
      }
    }
    li.innerHTML = `<b>${kyoku}</b> ${seatName(e.actor)} wins on ${e.pai} (${how}): <span class="value"></span>`;
    li.querySelector(".value").textContent = value;
  } else {
    results.push("ryukyoku");
    li.innerHTML = `<b>${kyoku}</b> draw (${e.reason ?? "exhaustive"})`;
  }
  const deltas = (e.deltas ?? []).map((d, s) => `${seatName(s)} ${d > 0 ? "+" : ""}${d}`).join(", ");
  li.append(document.createTextNode(` — settlement: ${deltas}`));
  li.className = "result";
  $("play-results").prepend(li);
}

/** The hand without the drawn tile, and the drawn tile (shown apart at the right). */
function handTiles(view) {
  const hand = [...view.hand];
  let drawn = null;
  if (view.drawn && hand.length % 3 === 2) {
    const i = hand.lastIndexOf(view.drawn);
    if (i >= 0) {
      hand.splice(i, 1);
      drawn = view.drawn;
    }
  }
  return { hand, drawn };
}

/** The legal action a click on a tile of the hand means, if any. */
function tileAction(pai, isDrawn) {
  const legal = last?.legal ?? [];
  const discards = legal.filter((a) => (a.type === "dahai" || a.type === "huansanzhang") && a.pai === pai);
  if (!discards.length) return null;
  return discards.find((a) => a.type !== "dahai" || a.tsumogiri === isDrawn) ?? discards[0];
}

function act(action) {
  if (!last || last.state.done) return;
  $("play-status").textContent = "…";
  document.body.dataset.play = "waiting";
  for (const b of document.querySelectorAll("#play-actions button, #play-hand .tile")) b.disabled = true;
  worker.postMessage({ op: "act", action });
}

function actionLabel(a) {
  const names = { none: "Pass", hora: "Win", reach: "Riichi", ryukyoku: "Abortive draw", kita: "North", chi: "Chi", pon: "Pon", daiminkan: "Kan", ankan: "Kan", kakan: "Kan", qishouhu: "Starting win", kaigang: "Kaigang", haidi: "Haidi" };
  if (a.type === "dingque") return `Void ${{ m: "characters (m)", p: "dots (p)", s: "bamboo (s)" }[a.suit]}`;
  const name = names[a.type] ?? a.type;
  const tiles = a.consumed ? ` ${a.pai ? a.pai + " with " : ""}${a.consumed.join(" ")}` : a.pai && a.type !== "hora" ? ` ${a.pai}` : "";
  return name + tiles;
}

function renderSeat(view, s, position) {
  const box = document.createElement("section");
  box.className = `seat seat-${position}` + (last.state.seat === s ? " deciding" : "");
  box.dataset.seat = s;
  const head = document.createElement("div");
  head.className = "seat-head";
  const wind = view.seatWinds[s];
  head.textContent = `${seatName(s)} · ${WIND[wind] ?? wind} · ${view.scores[s]}` + (view.riichi[s] ? " · riichi" : "") + (view.voids?.[s] ? ` · void ${view.voids[s]}` : "") + (view.out?.[s] ? " · out" : "");
  box.append(head);
  const flowers = view.flowers?.[s] ?? 0;
  const kita = view.kita?.[s] ?? 0;
  if (flowers || kita) {
    const row = document.createElement("div");
    row.className = "aside";
    row.append("set aside: ");
    for (let k = 0; k < flowers; k++) row.append(tileElement("f"));
    for (let k = 0; k < kita; k++) row.append(tileElement("N"));
    box.append(row);
  }
  const melds = document.createElement("div");
  melds.className = "melds";
  for (const m of view.melds[s]) {
    const group = document.createElement("span");
    group.className = "meld";
    group.title = m.type;
    for (const p of m.pais) group.append(tileElement(p));
    melds.append(group);
  }
  if (s !== HUMAN) {
    const hidden = document.createElement("div");
    hidden.className = "concealed";
    hidden.append(`${view.handSizes[s]} tiles`);
    box.append(hidden);
  }
  box.append(melds);
  const river = document.createElement("div");
  river.className = "river";
  for (const t of view.rivers[s]) {
    const classes = [];
    if (t.riichi) classes.push("riichi");
    if (t.called) classes.push("called");
    if (t.tsumogiri) classes.push("tsumogiri");
    river.append(tileElement(t.pai, classes));
  }
  box.append(river);
  return box;
}

function render() {
  const { view, state, legal } = last;
  const n = state.players;
  const positions = n === 3 ? ["bottom", "right", "left"] : ["bottom", "right", "top", "left"];
  const seats = $("play-seats");
  seats.replaceChildren();
  const centre = document.createElement("section");
  centre.className = "centre";
  centre.innerHTML = `<div class="round"></div><div class="counters"></div><div class="dora">dora indicators: </div>`;
  centre.querySelector(".round").textContent = state.done ? "The game is over" : `${state.kyoku} · ${view.tilesLeft} tiles left`;
  centre.querySelector(".counters").textContent = `counters ${view.honba} · riichi sticks ${view.kyotaku}`;
  for (const d of view.doraMarkers) centre.querySelector(".dora").append(tileElement(d));
  centre.querySelector(".dora").hidden = !view.doraMarkers.length;
  seats.append(centre);
  for (let k = 0; k < n; k++) seats.append(renderSeat(view, (HUMAN + k) % n, positions[k]));

  const handBox = $("play-hand");
  handBox.replaceChildren();
  const { hand, drawn } = handTiles(view);
  const tiles = hand.map((p) => [p, false]);
  if (drawn) tiles.push([drawn, true]);
  tiles.forEach(([p, isDrawn], i) => {
    const action = tileAction(p, isDrawn);
    const el = tileElement(p, [isDrawn ? "drawn" : "", action ? "playable" : ""].filter(Boolean));
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tile-button" + (isDrawn ? " drawn" : "") + (i === selected ? " selected" : "");
    button.disabled = !action;
    button.dataset.index = i;
    button.title = action ? `${action.type} ${p}` : p;
    button.append(el);
    if (action) button.addEventListener("click", () => act(action));
    handBox.append(button);
  });

  const buttons = $("play-actions");
  buttons.replaceChildren();
  for (const a of legal) {
    if (a.type === "dahai" || a.type === "huansanzhang") continue;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "action";
    b.dataset.type = a.type;
    b.textContent = actionLabel(a);
    b.addEventListener("click", () => act(a));
    buttons.append(b);
  }
  const exchange = legal.some((a) => a.type === "huansanzhang");
  const onOffer = view.onOffer ? ` — ${seatName(view.onOffer[0])} offers ${view.onOffer[1]}` : "";
  $("play-status").textContent = state.done
    ? "The game is over."
    : legal.length
      ? (exchange ? "Choose a tile to pass on." : legal.some((a) => a.type === "dahai") ? "Your turn: discard a tile." : "Your call.") + onOffer
      : "";
  if (state.done) showEnd();
  // For tests and assistive tools: which answer is shown, and whether the person may act.
  document.body.dataset.playTurn = String(Number(document.body.dataset.playTurn ?? 0) + 1);
  document.body.dataset.play = state.done ? "over" : legal.length ? "ready" : "waiting";
}

function showEnd() {
  const { state } = last;
  const n = state.players;
  const order = [...Array(n).keys()].sort((a, b) => state.scores[b] - state.scores[a] || a - b);
  const body = $("play-ranks").querySelector("tbody");
  body.replaceChildren();
  order.forEach((s, rank) => {
    const tr = document.createElement("tr");
    const points = state.finalPoints ? state.finalPoints[s] : "";
    for (const cell of [rank + 1, seatName(s), state.scores[s], points]) {
      const td = document.createElement("td");
      td.textContent = String(cell);
      tr.append(td);
    }
    body.append(tr);
  });
  $("play-tenhou6").hidden = !family.startsWith("riichi");
  $("play-end").hidden = false;
  logs = null;
  worker.postMessage({ op: "log" });
}

function withLog(f) {
  if (logs) return f(logs);
  onLog = f;
  worker.postMessage({ op: "log" });
}

function download(name, text) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
}

/** Tiles with the copies left of each: `3m×2 6m×4`. */
const counted = (effective) => Object.entries(effective).map(([t, k]) => `${t}×${k}`).join(" ");

/** The hint's odds: between turns the hand's waits (or effective tiles) with the copies left; on a
 * turn each discard's shanten, effective tiles (its waits when ready) and, up to two from ready,
 * its tenpai and win odds and expected score over the draws left (`discardEv`, as `hupai advice
 * --turns`). The table carries the position it was asked for (`data-hand`, …), so it can be checked. */
function showOdds(box, data) {
  const pct = (x) => (100 * x).toFixed(1) + "%";
  const p = document.createElement("p");
  p.id = "play-hint-position";
  if (!data.position) return;
  Object.assign(p.dataset, { hand: data.position.hand, visible: data.position.visible, turns: String(data.position.turns), rules: data.position.rules });
  if (data.oddsError) {
    p.textContent = "hupai cannot answer this hand: " + data.oddsError;
    box.append(p);
    return;
  }
  if (data.waiting) {
    const w = data.waiting;
    const what = w.shanten === 0 ? "waits" : w.shanten < 0 ? "a winning hand" : `shanten ${w.shanten}, effective tiles`;
    p.textContent = `Your hand ${data.position.hand}: ${what}${w.shanten >= 0 ? ` ${counted(w.effective)} (${w.unseen} left)` : ""}`;
    box.append(p);
    return;
  }
  p.textContent = `Your discards, ${data.position.turns} draws left` + (data.ev.length ? "" : ` (odds from ${ODDS_UP_TO} from ready)`);
  box.append(p);
  const table = document.createElement("table");
  table.id = "play-hint-odds";
  table.innerHTML = "<thead><tr><th>discard</th><th>shanten</th><th>waits / effective tiles</th><th>left</th><th>tenpai</th><th>win</th><th>expected score</th></tr></thead><tbody></tbody>";
  for (const a of data.advice) {
    const ev = data.ev.find((e) => e.discard === a.discard);
    const tr = document.createElement("tr");
    tr.dataset.discard = a.discard;
    if (ev) Object.assign(tr.dataset, { tenpai: String(ev.tenpai), win: String(ev.win), score: String(ev.score) });
    const cells = [a.discard, a.shanten, counted(a.effective), a.unseen, ev ? pct(ev.tenpai) : "", ev ? pct(ev.win) : "", ev && ev.score !== null ? ev.score.toFixed(0) : ""];
    for (const c of cells) {
      const td = document.createElement("td");
      td.textContent = String(c);
      tr.append(td);
    }
    table.tBodies[0].append(tr);
  }
  box.append(table);
}

/** Draw odds are computed up to this shanten (play-worker.mjs). */
const ODDS_UP_TO = 2;

function showHint(data) {
  const explain = data.explain;
  const box = $("play-hint");
  box.replaceChildren();
  // An answer that arrives after hints were turned off is dropped.
  if (!explain || !$("play-hints").checked) return;
  const p = document.createElement("p");
  p.textContent = `hupai plays ${explain.action}${explain.pai ? " " + explain.pai : ""} (${explain.mode}): ${explain.reason}`;
  box.append(p);
  const table = document.createElement("table");
  table.innerHTML = "<thead><tr><th>action</th><th>shanten</th><th>tenpai</th><th>win</th><th>expected score</th><th>deal-in</th></tr></thead><tbody></tbody>";
  const pct = (x) => (100 * x).toFixed(1) + "%";
  for (const c of explain.candidates) {
    const tr = document.createElement("tr");
    if (c.chosen) tr.className = "made";
    for (const cell of [`${c.action}${c.pai ? " " + c.pai : ""}`, c.shanten ?? "", pct(c.tenpai), pct(c.win), c.score.toFixed(0), pct(c.danger)]) {
      const td = document.createElement("td");
      td.textContent = String(cell);
      tr.append(td);
    }
    table.tBodies[0].append(tr);
  }
  box.append(table);
  showOdds(box, data);
}

function keys(e) {
  if ($("play-view").hidden || !last || e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
  const tiles = [...document.querySelectorAll("#play-hand .tile-button")];
  if (!tiles.length) return;
  if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
    selected = (Math.max(selected, 0) + (e.key === "ArrowLeft" ? tiles.length - 1 : 1)) % tiles.length;
  } else if (/^[1-9]$/.test(e.key)) {
    selected = Math.min(Number(e.key) - 1, tiles.length - 1);
  } else if (e.key === "Enter" && selected >= 0) {
    // A focused tile plays on its own Enter; otherwise Enter plays the picked tile, not whatever
    // button has the focus (New game, after starting one).
    if (e.target instanceof HTMLElement && e.target.classList.contains("tile-button")) return;
    e.preventDefault();
    tiles[selected].click();
    return;
  } else return;
  e.preventDefault();
  tiles.forEach((t, i) => t.classList.toggle("selected", i === selected));
  tiles[selected].focus();
}

/** Sets the Play view up; `openLog(text)` opens a log in the log view. */
export function setupPlay(openLog) {
  for (const r of GAME_RULES) $("play-rules").append(new Option(r, r));
  for (const o of OPPONENTS) $("play-opponents").append(new Option(o, o));
  const p = params();
  $("play-rules").value = p.rules;
  $("play-seed").value = p.seed;
  $("play-opponents").value = p.opponents;
  $("play-start").addEventListener("click", start);
  $("play-hints").addEventListener("change", () => {
    if ($("play-hints").checked && last && !last.state.done && last.legal.length) worker.postMessage({ op: "hint" });
    else $("play-hint").replaceChildren();
  });
  $("play-mjai").addEventListener("click", () => withLog((l) => download(`hupai-${$("play-rules").value}-${$("play-seed").value}.mjson`, l.mjai)));
  $("play-tenhou6").addEventListener("click", () => withLog((l) => download(`hupai-${$("play-rules").value}-${$("play-seed").value}.json`, l.tenhou6)));
  $("play-open-log").addEventListener("click", () => withLog((l) => openLog(l.mjai)));
  document.addEventListener("keydown", keys);
}
