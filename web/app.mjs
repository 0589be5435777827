// hupai's page: reads the form, asks the hupai module, shows the answers; the draw odds run in a
// Web Worker (ev-worker.mjs), one discard at a time, so the page stays responsive, shows progress
// and can cancel. The form's state lives in the URL, so a hand can be shared as a link. The game
// log view is log.mjs.
import init, * as hupai from "./hupai/index.mjs";
import { setupLog, openLogText } from "./log.mjs";
import { setupPlay } from "./play.mjs";

const $ = (id) => document.getElementById(id);
const fields = ["hand", "rules", "rule-options", "wildcard-tile", "visible", "turns", "win", "seat", "round", "dora"];
const flags = ["riichi", "tsumo", "declared-riichi"];

/** The rules text: the preset and its options. */
function rulesText() {
  const options = $("rule-options").value.trim().replace(/\s+/g, "");
  if (!options) return $("rules").value;
  return $("rules").value + (options.startsWith("+") ? options : "+" + options);
}

/** The options every question shares. */
function handOptions() {
  const options = {};
  const wild = $("wildcard-tile").value.trim();
  if (wild) options.wildcardTile = wild;
  return options;
}

function visibleOptions() {
  const options = handOptions();
  const visible = $("visible").value.trim();
  if (visible) options.visible = visible;
  return options;
}

function evOptions() {
  return { ...visibleOptions(), turns: Number($("turns").value) || 17, riichi: $("riichi").checked };
}

function saveState() {
  const params = new URLSearchParams();
  for (const id of fields) {
    const v = $(id).value.trim();
    if (v && !(id === "rules" && v === "standard") && !(id === "turns" && v === "17")) params.set(id, v);
  }
  for (const id of flags) if ($(id).checked) params.set(id, "1");
  const query = params.toString();
  history.replaceState(null, "", (query ? "?" + query : location.pathname) + location.hash);
}

function loadState() {
  const params = new URLSearchParams(location.search);
  for (const id of fields) if (params.has(id)) $(id).value = params.get(id);
  for (const id of flags) $(id).checked = params.get(id) === "1";
}

const percent = (p) => (100 * p).toFixed(2) + "%";

/** The discard table's rows: one per discard, best first; odds cells empty until computed. */
let rows = new Map();

function renderAdvice(advice) {
  const body = $("advice").querySelector("tbody");
  body.replaceChildren();
  rows = new Map();
  for (const option of advice) {
    const tr = document.createElement("tr");
    tr.dataset.discard = option.discard;
    const effective = Object.entries(option.effective).map(([t, n]) => `${t}×${n}`).join(" ");
    for (const [text, cls] of [[option.discard, ""], [option.shanten, "num"], [effective, ""], [option.unseen, "num"], ["", "num tenpai"], ["", "num win"], ["", "num score"]]) {
      const td = document.createElement("td");
      td.textContent = String(text);
      if (cls) td.className = cls;
      tr.append(td);
    }
    body.append(tr);
    rows.set(option.discard, tr);
  }
}

function renderScore(hand, rules) {
  const out = $("score");
  out.replaceChildren();
  const win = $("win").value.trim();
  if (!win) return;
  const preset = rules.split("+")[0];
  const scoreRules = hupai.SCORE_RULES.includes(preset) ? preset : null;
  if (!scoreRules) {
    out.textContent = `No scorer for ${preset}; the scored rule sets are ${hupai.SCORE_RULES.join(", ")}.`;
    return;
  }
  const situation = { hand, win, tsumo: $("tsumo").checked, riichi: $("declared-riichi").checked };
  for (const key of ["seat", "round"]) if ($(key).value.trim()) situation[key] = $(key).value.trim();
  if ($("dora").value.trim()) situation.dora = $("dora").value.trim();
  try {
    const answer = hupai.score(situation, scoreRules);
    const pre = document.createElement("pre");
    pre.id = "score-json";
    pre.textContent = JSON.stringify(answer, null, 1);
    out.append(pre);
  } catch (e) {
    const p = document.createElement("p");
    p.id = "score-error";
    p.textContent = e.message;
    out.append(p);
  }
}

/** Answers the form: called on every change. */
function update() {
  cancelEv();
  saveState();
  $("error").textContent = "";
  $("summary").textContent = "";
  renderAdvice([]);
  $("ev-run").disabled = true;
  const hand = $("hand").value.trim();
  if (!hand) return;
  const rules = rulesText();
  try {
    const line = hupai.check(hand, rules, handOptions());
    if (line.error) throw new hupai.HupaiError("hand", line.error);
    const parts = [];
    let n = null;
    try {
      n = hupai.shanten(hand, rules, handOptions());
      parts.push(n === -1 ? "wins (shanten −1)" : n === 0 ? "ready (shanten 0)" : `shanten ${n}`);
    } catch (e) {
      parts.push(e.message);
    }
    if ("win" in line) {
      if (line.win) parts.push(`${hupai.countDecompositions(hand, rules, handOptions())} decomposition(s)`);
      renderAdvice(hupai.discardAdvice(hand, rules, visibleOptions()));
      $("ev-run").disabled = false;
    } else {
      if (line.waits.length) parts.push("waits: " + line.waits.join(" "));
      if (n !== null && n > 0) {
        const e = hupai.effectiveTiles(hand, rules, visibleOptions());
        parts.push("effective: " + Object.entries(e.effective).map(([t, k]) => `${t}×${k}`).join(" ") + ` (${e.unseen} unseen)`);
      }
    }
    $("summary").textContent = parts.join(" · ");
    renderScore(hand, rules);
  } catch (e) {
    $("error").textContent = e.message;
  }
}

// The draw odds in a worker; cancelling ends the worker (a new one starts on the next run).
let worker = null;

function cancelEv() {
  if (worker) {
    worker.terminate();
    worker = null;
    $("ev-status").textContent = "cancelled";
  }
  $("ev-cancel").disabled = true;
}

function runEv() {
  cancelEv();
  const hand = $("hand").value.trim();
  const started = performance.now();
  worker = new Worker(new URL("./ev-worker.mjs", import.meta.url), { type: "module" });
  $("ev-cancel").disabled = false;
  $("ev-progress").value = 0;
  $("ev-status").textContent = "starting…";
  for (const tr of rows.values()) for (const c of tr.querySelectorAll(".tenpai, .win, .score")) c.textContent = "";
  worker.onmessage = ({ data }) => {
    if (data.type === "progress") {
      $("ev-progress").max = data.total;
      $("ev-progress").value = data.done;
      $("ev-status").textContent = `${data.done} / ${data.total} discards`;
      const tr = rows.get(data.line.discard);
      if (tr) {
        tr.querySelector(".tenpai").textContent = percent(data.line.tenpai);
        tr.querySelector(".win").textContent = percent(data.line.win);
        tr.querySelector(".score").textContent = data.line.score === null ? "" : data.line.score.toFixed(1);
      }
    } else if (data.type === "done") {
      const body = $("advice").querySelector("tbody");
      for (const line of data.table) body.append(rows.get(line.discard));
      $("ev-status").textContent = `done in ${Math.round(performance.now() - started)} ms`;
      $("ev-cancel").disabled = true;
      worker.terminate();
      worker = null;
    } else if (data.type === "error") {
      $("ev-status").textContent = "";
      $("error").textContent = data.message;
      cancelEv();
    }
  };
  worker.postMessage({ hand, rules: rulesText(), options: evOptions() });
}

function palette() {
  const box = $("palette");
  const tiles = [...hupai.TILES, "*"];
  for (const t of tiles) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = t;
    b.className = t === "*" ? "z" : t[1];
    b.dataset.tile = t;
    b.addEventListener("click", () => {
      $("hand").value += t === "*" ? "*" : t;
      update();
    });
    box.append(b);
  }
  for (const [label, action] of [["⌫", (v) => v.replace(/(\d[mpsz]|\*|\[[^\]]*\]|\([^)]*\))$/, "")], ["clear", () => ""]]) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.addEventListener("click", () => {
      $("hand").value = action($("hand").value);
      update();
    });
    box.append(b);
  }
}

// The module index.html began compiling, else (no streaming compilation, or it failed) fetched now.
await init((await self.hupaiCompiling) ?? undefined);
$("version").textContent = hupai.VERSION;
for (const name of hupai.RULES) $("rules").append(new Option(name, name));
palette();
setupPlay(openLogText);
setupLog();
loadState();
for (const id of fields) $(id).addEventListener("input", update);
for (const id of flags) $(id).addEventListener("change", update);
$("rules").addEventListener("change", update);
$("ev-run").addEventListener("click", runEv);
$("ev-cancel").addEventListener("click", cancelEv);
update();
// Milliseconds from navigation to the first answer shown (docs/web.md quotes it).
document.body.dataset.readyMs = String(Math.round(performance.now()));
document.body.dataset.ready = "1";
