// hupai's page, the game log view: a log (pasted or a file) is read and replayed by the module's
// `replay` (the game engine, every result checked), then stepped through discard by discard. At
// each step it shows the table as the discarding seat saw it and hupai's answers for that seat's
// hand: shanten, the discard table with the discard made marked, the waits it left. A log that
// goes wrong shows where (game, hand, event) and the steps before it.
import * as hupai from "./hupai/index.mjs";
import { forgetReview, setupReview } from "./review.mjs";

const $ = (id) => document.getElementById(id);
const GAME_RULES = ["tenhou", "mahjong-soul", "m-league", "wrc", "tenhou-3p", "mahjong-soul-3p", "gb", "gb-single", "hongzhong"];

/** The log's text, the replayed game, the steps shown (all, or one seat's) and where we are. */
let text = "";
let answer = null;
let shown = [];
let at = 0;

const where = (e) => `game ${e.game}, ${e.kyoku}, event ${e.event}: ${e.message}`;

function showView(view) {
  for (const b of document.querySelectorAll("#views button")) b.setAttribute("aria-pressed", String(b.dataset.view === view));
  $("hand-view").hidden = view !== "hand";
  $("log-view").hidden = view !== "log";
  $("play-view").hidden = view !== "play";
  // The Play view keeps its rules, seed and opponents after `#play?`, the log view its decision after `#log?`.
  if (view === "play" && location.hash.startsWith("#play")) return;
  if (view === "log" && location.hash.startsWith("#log")) return;
  const hash = view === "log" ? "#log" : view === "play" ? "#play" : "";
  if (location.hash !== hash) history.replaceState(null, "", location.pathname + location.search + hash);
}

/** Opens a log's text in the log view (the Play view's finished games). */
export function openLogText(logText) {
  text = logText;
  $("log-text").value = text.length > 200_000 ? "" : text;
  showView("log");
  open();
}

/** Reads and replays game `game` of the log text. */
function open(game = 0, keepReview = false) {
  if (!keepReview) forgetReview();
  $("log-error").textContent = "";
  $("log-game").hidden = true;
  answer = null;
  if (!text.trim()) return;
  try {
    const options = { game };
    if ($("log-rules").value) options.rules = $("log-rules").value;
    answer = hupai.replay(text, options);
  } catch (e) {
    $("log-error").textContent = e.message;
    return;
  }
  if (answer.error) $("log-error").textContent = "The log goes wrong at " + where(answer.error);
  const games = $("log-games");
  games.replaceChildren(...Array.from({ length: answer.games }, (_, i) => new Option(String(i + 1), String(i))));
  games.value = String(answer.game);
  const seat = $("log-seat");
  const players = answer.players ?? 0;
  seat.replaceChildren(new Option("every seat", ""), ...Array.from({ length: players }, (_, i) => new Option(name(i), String(i))));
  filter();
}

function name(seat) {
  const n = answer?.names?.[seat];
  return n ? `${seat} ${n}` : String(seat);
}

/** The steps of the chosen seat (or every seat). */
function filter() {
  const seat = $("log-seat").value;
  shown = answer.steps.filter((s) => seat === "" || s.seat === Number(seat));
  at = 0;
  $("log-step").max = String(Math.max(shown.length - 1, 0));
  $("log-game").hidden = false;
  render();
}

/** Steps to the table at a review's decision: the first discard at or after `event` in its hand
 * (the discard a call answers, or the seat's own discard of that turn), else the hand's last. */
function showEvent(game, event, kyoku) {
  if (!answer) return;
  if (answer.game !== game) open(game, true);
  if (!answer) return;
  const hand = answer.steps.filter((s) => s.kyoku === kyoku);
  const step = hand.find((s) => s.event >= event) ?? hand.at(-1);
  if (!step) return;
  if (!shown.includes(step)) {
    $("log-seat").value = "";
    filter();
  }
  go(shown.indexOf(step));
}

function go(to) {
  if (!shown.length) return;
  at = Math.min(Math.max(to, 0), shown.length - 1);
  render();
}

function cell(tr, content, cls) {
  const td = document.createElement("td");
  if (typeof content === "string") td.textContent = content;
  else td.append(...content);
  if (cls) td.className = cls;
  tr.append(td);
  return td;
}

/** Whether `tile` (in hand notation, `0m` a red five) is the rules' wildcard. */
const isWild = (tile) => answer.wildcardTile != null && tile === answer.wildcardTile;

/** A river: its tiles, the called ones struck through, the riichi tile turned, wildcards marked. */
function river(table) {
  return table.tiles.map((t, i) => {
    const span = document.createElement("span");
    span.textContent = t;
    span.className = "tile" + (table.called.includes(i) ? " called" : "") + (table.riichi === i ? " riichi" : "") + (isWild(t) ? " wild" : "");
    return span;
  });
}

/** A seat's melds, then its tiles set aside: flowers under the Chinese rules, norths in riichi. */
function melds(r) {
  const parts = [...r.melds];
  if (r.aside.length) parts.push(answer.family === "riichi" ? r.aside.join(" ") : "flowers " + r.aside.join(" "));
  return parts.join(" ");
}

/** A hand in notation with its wildcards' count: `123m…7z7z (2 wildcards 7z)`. */
function handText(hand) {
  if (answer.wildcardTile == null) return hand;
  const [digit, suit] = answer.wildcardTile;
  let count = 0;
  for (const group of hand.replace(/[[\]()]/g, "").match(/\d+[mpsz]/g) ?? []) {
    if (group.endsWith(suit)) count += [...group.slice(0, -1)].filter((d) => d === digit).length;
  }
  return count ? `${hand} (${count} wildcard${count > 1 ? "s" : ""} ${answer.wildcardTile})` : hand;
}

function render() {
  $("log-step").value = String(at);
  const body = $("log-seats").querySelector("tbody");
  const advice = $("log-advice").querySelector("tbody");
  body.replaceChildren();
  advice.replaceChildren();
  for (const id of ["log-dora", "log-hand", "log-summary", "log-result"]) $(id).textContent = "";
  if (!shown.length) {
    $("log-position").textContent = "no discards";
    showResult();
    return;
  }
  const step = shown[at];
  $("log-position").textContent = `discard ${at + 1} / ${shown.length} · ${step.kyoku} · seat ${name(step.seat)}`;
  step.rivers.forEach((r, seat) => {
    const tr = document.createElement("tr");
    if (seat === step.seat) tr.className = "deciding";
    cell(tr, name(seat));
    cell(tr, String(step.scores[seat]), "num");
    cell(tr, river(r), "river");
    cell(tr, melds(r));
    body.append(tr);
  });
  $("log-dora").textContent =
    answer.family === "riichi"
      ? "Dora indicators: " + step.dora.join(" ")
      : `Rules: ${answer.handRules}` + (answer.wildcardTile ? ` · wildcard ${answer.wildcardTile}` : " · no wildcard");
  const drawn = step.drawn ? ` (drew ${step.drawn})` : "";
  const how = (step.tsumogiri ? ", the tile drawn" : "") + (step.riichi ? ", declaring riichi" : "");
  $("log-hand").textContent = `Hand ${handText(step.hand)}${drawn} — discarded ${step.discard}${how}`;
  const rules = answer.handRules ?? "riichi";
  const options = { visible: step.visible };
  try {
    const n = hupai.shanten(step.hand, rules);
    const table = hupai.discardAdvice(step.hand, rules, options);
    const made = step.discard.replace(/^0/, "5");
    const best = table[0];
    for (const option of table) {
      const tr = document.createElement("tr");
      tr.dataset.discard = option.discard;
      const isMade = option.discard === made || (option.discard === "*" && answer.wildcardTile === made);
      if (isMade) tr.className = "made";
      cell(tr, option.discard === "*" && answer.wildcardTile ? `* (${answer.wildcardTile})` : option.discard);
      cell(tr, String(option.shanten), "num");
      cell(tr, Object.entries(option.effective).map(([t, k]) => `${t}×${k}`).join(" "));
      cell(tr, String(option.unseen), "num");
      cell(tr, isMade ? "← discarded" : "");
      advice.append(tr);
    }
    const row = table.find((o) => o.discard === made) ?? null;
    const parts = [n === -1 ? "the hand wins (shanten −1)" : n === 0 ? "ready (shanten 0)" : `shanten ${n}`];
    if (row) {
      const verdict = row.shanten === best.shanten && row.unseen === best.unseen ? "one of hupai's best" : `hupai's best: ${best.discard} (shanten ${best.shanten}, ${best.unseen} unseen)`;
      parts.push(`after ${step.discard}: shanten ${row.shanten}, ${row.unseen} unseen — ${verdict}`);
      if (row.shanten === 0) parts.push("waits: " + hupai.waits(step.after, rules).join(" "));
    }
    $("log-summary").textContent = parts.join(" · ");
  } catch (e) {
    $("log-summary").textContent = "hupai cannot answer this hand: " + e.message;
  }
  if (at === shown.length - 1) showResult();
}

function showResult() {
  if (answer.scores) $("log-result").textContent = "Final scores: " + answer.scores.join(" ");
}

async function readFile() {
  const file = $("log-file").files[0];
  if (!file) return;
  text = await file.text();
  $("log-text").value = text.length > 200_000 ? "" : text;
  open();
}

export function setupLog() {
  for (const r of GAME_RULES) $("log-rules").append(new Option(r, r));
  for (const b of document.querySelectorAll("#views button")) b.addEventListener("click", () => showView(b.dataset.view));
  $("log-open").addEventListener("click", () => {
    text = $("log-text").value;
    open();
  });
  $("log-file").addEventListener("change", readFile);
  $("log-games").addEventListener("change", () => open(Number($("log-games").value)));
  $("log-rules").addEventListener("change", () => open(Number($("log-games").value) || 0));
  $("log-seat").addEventListener("change", filter);
  $("log-first").addEventListener("click", () => go(0));
  $("log-prev").addEventListener("click", () => go(at - 1));
  $("log-next").addEventListener("click", () => go(at + 1));
  $("log-step").addEventListener("input", () => go(Number($("log-step").value)));
  document.addEventListener("keydown", (e) => {
    if ($("log-view").hidden || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLInputElement) return;
    if (e.key === "ArrowLeft") go(at - 1);
    if (e.key === "ArrowRight") go(at + 1);
  });
  setupReview({
    current: () => (answer && text.trim() ? { text, seat: $("log-seat").value, rules: $("log-rules").value } : null),
    showEvent,
    // A linked log: opened under the link's rules, one seat's steps shown if it names one.
    open: (logText, seat, rules) => {
      text = logText;
      $("log-text").value = text.length > 200_000 ? "" : text;
      $("log-rules").value = GAME_RULES.includes(rules) ? rules : "";
      open();
      if ([...$("log-seat").options].some((o) => o.value === seat)) {
        $("log-seat").value = seat;
        filter();
      }
    },
  });
  showView(location.hash.startsWith("#log") ? "log" : location.hash.startsWith("#play") ? "play" : "hand");
}
