// hupai's page, the log view's review: the open log reviewed decision by decision against the
// hupai player (the package's `review`, `hupai review`'s answer) in a Web Worker with the players'
// module (review-worker.mjs). It shows the summary, the largest losses as links, and a decision's
// candidates (tenpai and win odds, expected score, deal-in chance, expected loss, the player's
// choice and the action played) beside the table at that decision. The URL names the decision
// (`#log?decision=12`, the index into the review's decisions, as `hupai review --format html`
// anchors `#d12`), so following a link, going back and reloading the review all land on it. A
// decision's own link also carries the log (gzipped, base64url), its seat and rules, so that a link
// shared or opened later reopens the log, reviews it again and lands on the decision.

const $ = (id) => document.getElementById(id);

/** The review shown, the log it is of, and the worker computing it. */
let reviewed = null;
let worker = null;
let asked = 0;
/** What the log view lends: its log text and options, and a way to show the step of an event. */
let host = null;
/** The reviewed log as a decision's link carries it (`seat=…&rules=…&log=…`), once packed. */
let packed = null;

/** Text gzipped and written in base64url, for a URL. */
async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The text `pack` wrote. */
async function unpack(data) {
  const binary = atob(data.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).text();
}

/** Sets the shown decision's link, once the log is packed. */
function setLink() {
  const i = $("log-decision").dataset.decision;
  $("log-decision-share").hidden = !packed || i === undefined;
  if (packed && i !== undefined) $("log-decision-link").href = `#log?decision=${i}&${packed}`;
}

/** The decision the URL names, or null. */
function hashDecision() {
  if (!location.hash.startsWith("#log?")) return null;
  const n = new URLSearchParams(location.hash.slice(5)).get("decision");
  return n !== null && /^\d{1,7}$/.test(n) ? Number(n) : null;
}

/** An action in a few words: `dahai 5m`, `pon 3z`, `reach`, `none` (as `hupai review`'s page). */
const words = (type, pai) => (pai ? `${type} ${pai}` : type);
/** mjai's honours and red fives in the page's mpsz notation (`C` → `7z`, `5mr` → `0m`). */
const HONOURS = { E: "1z", S: "2z", W: "3z", N: "4z", P: "5z", F: "6z", C: "7z" };
const mpsz = (pai) => (pai ? HONOURS[pai] ?? pai.replace(/^5([mps])r$/, "0$1") : pai);
/** The same words with the tile in mpsz, as the page shows tiles. */
const shown = (type, pai) => words(type, mpsz(pai));
/** The player's reason, led by its mode unless the reason names it already. */
const why = (h) => (h.reason.startsWith(h.mode) ? h.reason : `${h.mode}: ${h.reason}`);
/** A tile's kind: mjai's red five (`5mr`) is a five, as the review matches the action played. */
const kind = (pai) => (pai ? pai.replace(/r$/, "") : null);
const percent = (p) => `${(100 * p).toFixed(1)}%`;
/** A value the player gave no weight to (ranked below every other) shows as a dash. */
const points = (v) => (Number.isFinite(v) && v > -1e12 ? v.toFixed(0) : "—");

function cell(tr, text, cls) {
  const td = document.createElement("td");
  td.textContent = text;
  if (cls) td.className = cls;
  tr.append(td);
}

function run() {
  const log = host.current();
  if (!log) return;
  if (!worker) {
    worker = new Worker(new URL("./review-worker.mjs", import.meta.url), { type: "module" });
    worker.onmessage = ({ data }) => {
      if (data.id !== asked) return;
      $("log-review-run").disabled = false;
      if (data.type === "error") {
        $("log-review-status").textContent = "The review failed: " + data.message;
        return;
      }
      reviewed = data.review;
      $("log-review-status").textContent = `reviewed in ${(data.ms / 1000).toFixed(1)} s`;
      showReview();
    };
  }
  asked += 1;
  reviewed = null;
  $("log-review-run").disabled = true;
  $("log-review-status").textContent = "reviewing…";
  $("log-review-summary").textContent = "";
  $("log-review-losses").replaceChildren();
  $("log-decision").hidden = true;
  const options = { odds: $("log-review-odds").checked };
  if (log.seat !== "") options.seat = Number(log.seat);
  if (log.rules) options.rules = log.rules;
  worker.postMessage({ id: asked, log: log.text, options });
  packed = null;
  const mine = asked;
  pack(log.text).then((data) => {
    if (mine !== asked) return;
    const params = new URLSearchParams({ seat: log.seat, rules: log.rules ?? "" });
    packed = `${params}&log=${data}`;
    setLink();
  });
}

function showReview() {
  const s = reviewed.summary;
  const games = new Set(reviewed.decisions.map((d) => d.game)).size;
  $("log-review-summary").textContent =
    `${s.decisions} decisions, ${s.agreements} agree with the hupai player (${percent(s.agreement_rate)}); ` +
    `expected points given up: ${s.total_loss.toFixed(0)}` +
    (reviewed.errors.length ? ` · not reviewed: ${reviewed.errors.join("; ")}` : "");
  const list = $("log-review-losses");
  list.replaceChildren(
    ...s.largest.map((i) => {
      const d = reviewed.decisions[i];
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = `#log?decision=${i}`;
      a.dataset.decision = String(i);
      const where = (games > 1 ? `game ${d.game + 1} ` : "") + `${d.kyoku} seat ${d.seat}`;
      a.textContent = `${where}: played ${shown(d.played.type, d.played.pai)}, hupai ${shown(d.hupai.action, d.hupai.pai)} — ${d.loss.toFixed(0)} points given up`;
      li.append(a);
      return li;
    }),
  );
  const named = hashDecision();
  if (named !== null) showDecision(named);
}

/** Shows decision `i` of the review: its candidates, and the table as it stood. */
function showDecision(i) {
  const d = reviewed?.decisions[i];
  if (!d) return;
  host.showEvent(d.game, d.event, d.kyoku);
  $("log-decision").hidden = false;
  const loss = d.loss === null ? "not weighed by the player" : `${d.loss.toFixed(0)} expected points given up`;
  $("log-decision-head").textContent =
    `Decision ${i + 1} of ${reviewed.decisions.length} · ${d.kyoku} · seat ${d.seat} · played ${shown(d.played.type, d.played.pai)} · ` +
    `hupai: ${shown(d.hupai.action, d.hupai.pai)} (${why(d.hupai)}) · ${d.agree ? "the same" : loss}`;
  $("log-decision").dataset.decision = String(i);
  setLink();
  const body = $("log-candidates").querySelector("tbody");
  body.replaceChildren(
    ...d.hupai.candidates.map((c) => {
      const tr = document.createElement("tr");
      const played = c.action === d.played.type && kind(c.pai) === kind(d.played.pai);
      tr.className = (c.chosen ? "chosen" : "") + (played ? " made" : "");
      for (const k of ["shanten", "tenpai", "win", "score", "danger", "loss", "value"]) tr.dataset[k] = String(c[k]);
      tr.dataset.action = words(c.action, c.pai);
      cell(tr, shown(c.action, c.pai));
      cell(tr, c.shanten === null ? "" : String(c.shanten), "num");
      cell(tr, percent(c.tenpai), "num");
      cell(tr, percent(c.win), "num");
      cell(tr, c.score.toFixed(0), "num");
      cell(tr, percent(c.danger), "num");
      cell(tr, c.loss.toFixed(0), "num");
      cell(tr, points(c.value), "num");
      cell(tr, [c.chosen ? "← hupai" : "", played ? "← played" : ""].filter(Boolean).join(" "));
      return tr;
    }),
  );
  const odds = $("log-decision-odds");
  odds.hidden = d.odds.length === 0;
  odds.querySelector("tbody").replaceChildren(
    ...d.odds.map((o) => {
      const tr = document.createElement("tr");
      cell(tr, o.discard);
      cell(tr, String(o.shanten), "num");
      cell(tr, percent(o.tenpai), "num");
      cell(tr, percent(o.win), "num");
      return tr;
    }),
  );
  $("log-decision").scrollIntoView?.({ block: "nearest" });
}

/** A new log was opened: the review of the last one no longer applies. */
export function forgetReview() {
  reviewed = null;
  packed = null;
  asked += 1;
  $("log-review-run").disabled = false;
  $("log-review-status").textContent = "";
  $("log-review-summary").textContent = "";
  $("log-review-losses").replaceChildren();
  $("log-decision").hidden = true;
}

/** `current()` gives the open log (`{text, seat, rules}`) or null; `showEvent(game, event, kyoku)`
 * steps the log view to the table at that event. */
export function setupReview(lend) {
  host = lend;
  $("log-review-run").addEventListener("click", run);
  // A decision's link with its log: the log opened as the link says, reviewed, the decision shown.
  const params = location.hash.startsWith("#log?") ? new URLSearchParams(location.hash.slice(5)) : null;
  const data = params?.get("log");
  if (data) {
    $("log-review-status").textContent = "opening the linked log…";
    unpack(data)
      .then((text) => {
        host.open(text, params.get("seat") ?? "", params.get("rules") ?? "");
        if (host.current()) run();
      })
      .catch((e) => {
        $("log-review-status").textContent = "The link's log cannot be read: " + e.message;
      });
  }
  window.addEventListener("hashchange", () => {
    const i = hashDecision();
    if (i !== null && reviewed) showDecision(i);
  });
}
