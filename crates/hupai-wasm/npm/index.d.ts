// Types of the hupai package: every function and every answer. The answers are the objects the
// `hupai` command line prints and the Python package returns for the same questions.

/** A tile name: `1m`…`9m`, `1p`…`9p`, `1s`…`9s`, `1z`…`7z` (east, south, west, north, white, green, red). */
export type TileName = string;

/** Rules text: a preset (`RULES`) optionally followed by options, e.g. `"sichuan+void-p"`, `"changsha+tiles-108"`. */
export type RulesText = string;

/** Thrown by every function. `kind`: `"hand"` (the hand or visible tiles; the message is the command line's),
 * `"argument"` (unknown rules, a wrong type, an unknown option), `"score"` (a situation that cannot be scored),
 * `"log"` (a text that is no game log), `"game"` (something a `Game` cannot do: unknown rules, an illegal action,
 * a seat not at the table, a freed game), `"internal"` (the module is not loaded, or a bug). */
export declare class HupaiError extends Error {
  readonly kind: "hand" | "argument" | "score" | "log" | "game" | "internal";
}

/** Options every hand question takes. */
export interface HandOptions {
  /** Every concealed copy of this kind is a wildcard (`"7z"`, the default under `hongzhong`); never a red five. */
  wildcardTile?: TileName;
  /** A wildcard may stand for a fifth copy of a kind. */
  wildcardFifthCopy?: boolean;
}

/** Options of the questions that count unseen tiles. */
export interface VisibleOptions extends HandOptions {
  /** Tiles seen outside the hand (discards, other players' melds, indicators), in hand notation. */
  visible?: string;
}

export interface DecompositionOptions extends HandOptions {
  /** The first `limit` decompositions; without it a hand with more than 100,000 throws. */
  limit?: number;
}

export interface EvOptions extends VisibleOptions {
  /** Draws remaining (17 by default). */
  turns?: number;
  /** The player may keep a draw that does not lower the shanten (a wider, slower policy class). */
  handChanges?: boolean;
  /** Once, a discard may leave the hand one shanten above the best. */
  shantenBack?: boolean;
  /** Riichi and sanma rules: declare riichi on reaching closed tenpai with a draw left. */
  riichi?: boolean;
  /** Only this discard's line (a tile or `"*"`): the figures of the full table, one discard at a time. */
  discard?: TileName | "*";
}

/** `check`'s answer: one line of `hupai batch`. */
export type CheckResult =
  | { hand: string; win: boolean }
  | { hand: string; waits: TileName[] }
  | { hand: string; error: string };

/** Effective tiles: the shanten, each effective kind with its unseen copies (in tile order), their total. */
export interface Effective {
  shanten: number;
  effective: Record<TileName, number>;
  unseen: number;
}

/** One line of `discardAdvice`: a discard (a tile or `"*"`) and the hand after it. */
export interface DiscardOption extends Effective {
  discard: TileName | "*";
}

/** One line of `discardEv`: a discard, the shanten after it, the odds of being ready and of winning by the last
 * draw, and the expected score (`null` for rules without a scorer). */
export interface DiscardEv {
  discard: TileName | "*";
  shanten: number;
  tenpai: number;
  win: number;
  score: number | null;
  policy: string;
  riichi: boolean;
}

/** A winning situation: the keys of a `hupai score` line (docs/scoring.md). */
export interface Situation {
  hand: string;
  win: TileName;
  tsumo?: boolean;
  riichi?: boolean;
  double_riichi?: boolean;
  ippatsu?: boolean;
  rinshan?: boolean;
  chankan?: boolean;
  haitei?: boolean;
  houtei?: boolean;
  tenhou?: boolean;
  chiihou?: boolean;
  renhou?: boolean;
  seat?: TileName;
  round?: TileName;
  dora?: TileName[] | string;
  ura?: TileName[] | string;
  honba?: number;
  kyotaku?: number;
  nuki?: number;
  last_copy?: boolean;
  flowers?: number;
  birds?: TileName[] | string;
  after_kong_discard?: boolean;
  options?: Record<string, unknown>;
}

/** The score of a winning situation, as `hupai score` prints it: riichi (`yaku`, `han`, `fu`, `points`, …),
 * GB (`fan`, `fans`, …) or a regional table (`total`, `fans`, …); docs/scoring.md lists every field. */
export interface Score {
  [field: string]: unknown;
}

export interface ScoreOptions {
  /** A regional fan table (JSON text or object) replacing the preset's. */
  table?: string | Record<string, unknown>;
}

export interface ReplayOptions {
  /** Which game of a file holding several (0 by default). */
  game?: number;
  /** The game rules to replay under: a preset (`"tenhou"`, `"tenhou-3p"`, `"mahjong-soul"`, `"gb"`,
   * `"hongzhong"`, …) or a JSON object of flags, as `hupai replay --rules` takes them; by default the rules the
   * log names (an mjai log: `tenhou`, or `tenhou-3p` with three players). */
  rules?: string;
}

/** Where a game log goes wrong: the game (0-based), the hand (`"E2-1"`, or `"start"`), the event's index in the
 * file (0-based; an mjai file's line without blank lines) and why. */
export interface LogProblem {
  game: number;
  kyoku: string;
  event: number;
  message: string;
}

/** One seat's table at a step: its discards (red fives as `0m`), the indices among them another seat called
 * and the one that declared riichi, its declared melds in hand notation, the tiles it set aside (kita, flowers). */
export interface SeatTable {
  tiles: string[];
  called: number[];
  riichi: number | null;
  melds: string[];
  aside: string[];
}

/** One discard of a replayed game, with what the discarding seat knew. `hand` (before the discard) and `after`
 * are in hand notation with the melds (`[123m]`, `(5555z)`), ready for `discardAdvice`, `shanten` and `waits`
 * under `ReplayAnswer.handRules`; `visible` is every tile the seat saw outside its hand. */
export interface ReplayStep {
  event: number;
  kyoku: string;
  seat: number;
  hand: string;
  drawn: string | null;
  discard: string;
  tsumogiri: boolean;
  riichi: boolean;
  after: string;
  visible: string;
  dora: string[];
  scores: number[];
  rivers: SeatTable[];
}

/** A game log replayed through the game engine: every discard a step. `error` is where the log goes wrong (the
 * steps stop before it), `null` if the engine replayed it to its end with every result equal; `scores` the
 * final scores then. `handRules` is the rules preset a seat's hand is asked under (`"riichi"`, `"sanma"`, `"gb"`,
 * `"hongzhong"`). */
export interface ReplayAnswer {
  games: number;
  game: number;
  players: number | null;
  names: string[];
  handRules: RulesText | null;
  wildcardTile?: TileName | null;
  scores?: number[] | null;
  steps: ReplayStep[];
  error: LogProblem | null;
}

/** The package's version (the Rust workspace's). */
export declare const VERSION: string;
/** The rule preset names. */
export declare const RULES: RulesText[];
/** The rule sets `score` scores. */
export declare const SCORE_RULES: string[];
/** The game presets `Game` plays (`tenhou`, `tenhou-3p`, `gb`, `sichuan`, …, and the one-hand `gb-single` and `gb-botzone`). */
export declare const GAME_RULES: string[];
/** The 34 tile names in tile order. */
export declare const TILES: TileName[];

/** Loads the WebAssembly module: needed once in browsers before the first call (from `hupai_bg.wasm` beside the
 * package's file, or the URL, Response, bytes or module given); in Node the package is loaded on import and this
 * resolves at once. */
export declare function init(source?: string | URL | Response | Promise<Response> | Promise<WebAssembly.Module> | BufferSource | WebAssembly.Module): Promise<void>;
export default init;
/** Loads the module synchronously from its bytes or a compiled module. */
export declare function initSync(source: BufferSource | WebAssembly.Module): void;

/** Does this complete hand win? (`123m456p789s11122z`, `*` a wildcard, `[789s]` a declared meld.) */
export declare function isWin(hand: string, rules?: RulesText, options?: HandOptions): boolean;
/** The kinds that complete a hand one tile short, in tile order. */
export declare function waits(hand: string, rules?: RulesText, options?: HandOptions): TileName[];
/** The object `hupai batch` prints for this hand; never throws for a bad hand. */
export declare function check(hand: string, rules?: RulesText, options?: HandOptions): CheckResult;
/** Every way a complete hand wins, each as its groups, pair first; empty if it does not win. */
export declare function decompositions(hand: string, rules?: RulesText, options?: DecompositionOptions): string[][];
/** How many decompositions a complete hand has, counted without building them. */
export declare function countDecompositions(hand: string, rules?: RulesText, options?: HandOptions): number;
/** The shanten of a hand of 3k + 1 or 3k + 2 tiles: −1 wins, 0 ready, 1, 2, …. */
export declare function shanten(hand: string, rules?: RulesText, options?: HandOptions): number;
/** The effective tiles of a hand of 3k + 1 tiles. */
export declare function effectiveTiles(hand: string, rules?: RulesText, options?: VisibleOptions): Effective;
/** Every distinct discard of a hand of 3k + 2 tiles, best first. */
export declare function discardAdvice(hand: string, rules?: RulesText, options?: VisibleOptions): DiscardOption[];
/** The draw odds of every distinct discard of a hand of 3k + 2 tiles, best first (docs/odds.md). */
export declare function discardEv(hand: string, rules?: RulesText, options?: EvOptions): DiscardEv[];
/** The score of a winning situation under `rules` (`riichi` by default; `SCORE_RULES`). */
export declare function score(situation: Situation, rules?: string, options?: ScoreOptions): Score;
/** Reads a game log (mjai JSON lines, tenhou.net/6 JSON or Tenhou's mjlog XML, detected) and replays one game of it
 * through the game engine, each discard a step; throws (kind `"log"`) only for a text that is no log at all. */
export declare function replay(log: string, options?: ReplayOptions): ReplayAnswer;

/** A seat at a game's table: 0 to 3, or 0 to 2 with three players. */
export type Seat = number;

/** A game's rules: a preset name (`GAME_RULES`) or an object of flags, e.g. `{ preset: "tenhou", length: "east" }`
 * (the preset's flags with the object's applied; docs/game.md lists them). */
export type GameRulesInput = string | ({ preset?: string } & Record<string, unknown>);

/** An action as an mjai bot replies: what `legalActions` lists and `step` takes. `actor` and `target` are not read
 * by `step`; a `dahai` without `tsumogiri` means the legal one of that tile, from the hand if both are. */
export interface MjaiAction {
  type:
    | "dahai" | "reach" | "chi" | "pon" | "daiminkan" | "kakan" | "ankan" | "kita" | "hora" | "ryukyoku" | "none"
    | "qishouhu" | "kaigang" | "haidi" | "huansanzhang" | "dingque";
  actor?: Seat;
  /** The seat whose discard (or kan) a claim answers. */
  target?: Seat;
  /** An mjai tile name: `1m`…`9s`, `E S W N P F C`, red fives `5mr 5pr 5sr`. */
  pai?: string;
  consumed?: string[];
  tsumogiri?: boolean;
  /** `dingque`: the suit declared void. */
  suit?: "m" | "p" | "s";
}

/** An mjai event as `hupai play` writes it (`start_game`, `start_kyoku`, `tsumo`, `dahai`, `hora`, …). */
export interface MjaiEvent {
  type: string;
  actor?: Seat;
  target?: Seat;
  pai?: string;
  [key: string]: unknown;
}

/** The rule family, which names the action set: as Python's `Game.family`. */
export type GameFamily = "riichi4" | "riichi3" | "gb" | "hongzhong" | "sichuan" | "changsha";

/** Everything `Game`'s getters read, in one call. */
export interface GameState {
  players: number;
  family: GameFamily;
  seat: Seat | null;
  toAct: Seat[];
  done: boolean;
  scores: number[];
  finalPoints: number[] | null;
  kyoku: string;
  tilesLeft: number;
}

/** A meld in a view: its kind (`chi`, `pon`, `daiminkan`, `kakan`, `ankan`, …), tiles and the seat it came from. */
export interface GameMeld {
  type: string;
  pais: string[];
  from: Seat;
}

/** A tile in a river: whether it was the drawn tile, the riichi declaration, or called away. */
export interface GameRiverTile {
  pai: string;
  tsumogiri: boolean;
  riichi: boolean;
  called: boolean;
}

/** What one seat sees (Python's `Game.view` dict in camelCase); lists are in seat order. */
export interface GameView {
  seat: Seat;
  /** The seat's hand, the drawn tile included, as mjai tile names. */
  hand: string[];
  drawn: string | null;
  handSizes: number[];
  melds: GameMeld[][];
  rivers: GameRiverTile[][];
  riichi: boolean[];
  /** North tiles set aside (three-player riichi). */
  kita: number[];
  /** Flowers set aside (GB). */
  flowers: number[];
  /** The suit each seat declared void (Sichuan), else null. */
  voids: ("m" | "p" | "s" | null)[];
  /** Seats out of the hand after winning (Sichuan). */
  out: boolean[];
  seatWinds: string[];
  doraMarkers: string[];
  scores: number[];
  bakaze: string;
  kyoku: number;
  honba: number;
  kyotaku: number;
  oya: Seat;
  tilesLeft: number;
  /** The discard (or kan) on offer to claims now: `[from, tile]`. */
  onOffer: [Seat, string] | null;
}

/** One game of mahjong as hupai's engine plays it (riichi for four or three players, GB, Hongzhong, Changsha,
 * Sichuan), the same surface as Python's `hupai.game.Game`. The same rules and seed always give the same game. The
 * game lives in the WebAssembly module: `free()` it when done (a finalizer frees a forgotten one, later). Every
 * method throws a `HupaiError` of kind `"game"` naming what is wrong, and changes nothing then. */
/** A win and what it was worth. */
export interface GameWin {
  actor: Seat;
  target: Seat;
  pai: string;
  han: number;
  fu: number;
  yakuman: boolean;
  points: number;
  /** Riichi: Tenhou's yaku ids with their han; the Chinese families: the family's fan ids with their value. */
  yaku: [number, number][];
  /** The Chinese families' fans as the family's scorer names them, each with its value (fan × count); empty under riichi. */
  fans: { name: string; fan: number }[];
  deltas: number[];
  uraMarkers: string[];
}

/** One action the hupai player weighed. */
export interface Candidate {
  action: string;
  pai: string | null;
  shanten: number | null;
  tenpai: number;
  win: number;
  score: number;
  danger: number;
  loss: number;
  value: number;
  chosen: boolean;
}

/** What the hupai player chose and why. */
export interface Explanation {
  action: string;
  pai: string | null;
  mode: "win" | "push" | "fold" | "riichi" | "call" | "efficiency" | "forced";
  reason: string;
  threat: number;
  candidates: Candidate[];
}

/** What `review` reviews: `seat` one seat or several (every seat when absent), `rules` the rules to replay under (a
 * preset or an object of flags; the log's own when absent), `odds` each turn's draw odds (true by default; false is
 * much faster). */
export interface ReviewOptions {
  seat?: Seat | Seat[];
  rules?: GameRulesInput;
  odds?: boolean;
}

/** A turn's position as `hupai advice` takes it. */
export interface ReviewPosition {
  /** The hand in mpsz, declared melds in brackets. */
  hand: string;
  /** Tiles seen outside the hand. */
  visible: string;
  /** The seat's draws left. */
  turns: number;
  /** The hand rules (`--rules`). */
  rules: string;
}

/** One discard's draw odds in a position, as `hupai advice --turns` gives them. */
export interface ReviewOdds {
  discard: string;
  shanten: number;
  tenpai: number;
  win: number;
}

/** One decision of a reviewed seat. */
export interface ReviewedDecision {
  /** The game's index in the file. */
  game: number;
  /** The hand (`"E1"`, `"S3-1"`). */
  kyoku: string;
  /** The index of the log's last event before the decision. */
  event: number;
  seat: Seat;
  /** The action the log records. */
  played: MjaiAction;
  /** What the hupai player chooses, with every candidate's figures. */
  hupai: Explanation;
  /** Whether the played action is the player's choice. */
  agree: boolean;
  /** The played action's value among the candidates (`null`: not weighed). */
  played_value: number | null;
  /** Expected points given up against the player's choice (0 when they agree; `null` when not weighed). */
  loss: number | null;
  /** The turn's position, when the seat holds a hand to discard from. */
  position: ReviewPosition | null;
  /** Each discard's draw odds in that position, best first (empty without odds). */
  odds: ReviewOdds[];
  /** Why the odds could not be given, when they could not. */
  odds_error: string | null;
}

/** One hand's part of a review. */
export interface ReviewHand {
  game: number;
  kyoku: string;
  decisions: number;
  agreements: number;
  loss: number;
}

/** What a review sums up. */
export interface ReviewSummary {
  decisions: number;
  agreements: number;
  agreement_rate: number;
  total_loss: number;
  /** Indexes into `decisions` of the largest losses, largest first, at most ten. */
  largest: number[];
  hands: ReviewHand[];
}

/** A reviewed log: `hupai review --format json`'s object. */
export interface Review {
  decisions: ReviewedDecision[];
  summary: ReviewSummary;
  /** The games that did not replay, with where and why. */
  errors: string[];
}

/** Reviews a log (mjai, tenhou.net/6, mjlog or 電脳麻将's paipu, detected) decision by decision against the hupai
 * player: the same object as `hupai review --format json`. Needs the players' module `hupai_player_bg.wasm`; throws
 * (kind `"log"`) for a text that is no log. */
export declare function review(log: string, options?: ReviewOptions): Review;

export declare class Game {
  /** `rules`: a preset name or an object of flags (`"tenhou"` by default); `seed`: 0 to 2**64 − 1 (0 by default). */
  constructor(rules?: GameRulesInput, seed?: number | bigint);
  /** How many games the module holds (made and not freed). */
  static live(): number;
  /** Players at the table (3 or 4). */
  readonly players: number;
  readonly family: GameFamily;
  /** The next seat to decide, or `null` when the game is over. */
  readonly seat: Seat | null;
  /** Every seat that must still decide now (several while a discard's claims are answered). */
  readonly toAct: Seat[];
  readonly done: boolean;
  /** Scores in seat order. */
  readonly scores: number[];
  /** After the game, each seat's result (riichi: thousands of points with oka and uma; GB and the Chinese rules: the
   * final scores); `null` before. */
  readonly finalPoints: number[] | null;
  /** The round as logs write it: `"E1"`, `"S3-2"`. */
  readonly kyoku: string;
  /** Live tiles left to draw. */
  readonly tilesLeft: number;
  /** Every getter's value at once (one call to the module). */
  state(): GameState;
  /** The legal actions of `seat` now (empty when it has nothing to decide). */
  legalActions(seat: Seat): MjaiAction[];
  /** Plays `action` for `seat`; throws naming why if it is not legal now. */
  step(seat: Seat, action: MjaiAction): void;
  /** The events so far; with `seat`, as that seat saw them (other seats' deals and draws as `"?"`). */
  events(seat?: Seat): MjaiEvent[];
  /** What `seat` sees now. */
  view(seat: Seat): GameView;
  /** Every win so far, in order, with what it was worth (`yaku`: Tenhou's yaku ids with their han, riichi rules). */
  wins(): GameWin[];
  /** The game as tenhou.net/6 JSON; riichi rules only (else throws, kind "game"). */
  tenhou6(): string;
  /** The action `player` chooses for `seat` now, not played; needs the players' module `hupai_player_bg.wasm`. */
  choose(seat: Seat, player?: "hupai" | "efficiency" | "random"): MjaiAction;
  /** The hupai player's decision for `seat` now with each candidate's figures; needs `hupai_player_bg.wasm`. */
  explain(seat: Seat): Explanation | null;
  /** `seat`'s hand now as the discard advice takes it (the hand with its melds, the tiles seen outside it, its draws
   * left, the hand rules), for `discardEv`, `discardAdvice` and `effectiveTiles`; needs `hupai_player_bg.wasm`. */
  position(seat: Seat): ReviewPosition | null;
  /** An independent copy (its own handle: free it too). */
  clone(): Game;
  /** Releases the game in the module; later calls throw. Freeing twice does nothing. */
  free(): void;
}
