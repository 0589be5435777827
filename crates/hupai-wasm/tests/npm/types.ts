// Compiled with `tsc --noEmit --strict` against the installed package: every function and answer
// has a type, and misuse is a type error (the @ts-expect-error lines must be errors).
import init, {
  check, countDecompositions, decompositions, discardAdvice, discardEv, effectiveTiles, HupaiError, isWin,
  replay, review, RULES, score, shanten, SCORE_RULES, TILES, VERSION, waits, Game, GAME_RULES,
  type CheckResult, type GameState, type GameView, type MjaiAction, type MjaiEvent, type ReplayAnswer, type ReplayStep, type LogProblem, type DiscardEv, type Review, type ReviewedDecision, type DiscardOption, type Effective, type Score,
} from "hupai";

await init();
const win: boolean = isWin("123m456p789s11122z", "riichi", { wildcardTile: "7z", wildcardFifthCopy: false });
const w: string[] = waits("1112345678999m");
const line: CheckResult = check("123m");
if ("error" in line) console.log(line.error.length);
const groups: string[][] = decompositions("*".repeat(14), "standard", { limit: 3 });
const count: number = countDecompositions("111222333m11z456p");
const n: number = shanten("123m456p789s1134z");
const e: Effective = effectiveTiles("123m456p789s1122z", "standard", { visible: "1z" });
const advice: DiscardOption[] = discardAdvice("123m456p789s11223z");
const ev: DiscardEv[] = discardEv("123m456p789s1122z9p", "riichi", { turns: 10, riichi: true, handChanges: false, discard: "9p" });
const s: Score = score({ hand: "234m456p678s22p567s", win: "2m", tsumo: true, riichi: true, dora: ["1m"] }, "riichi");
const replayed: ReplayAnswer = replay('{"type":"start_game"}', { game: 0, rules: "tenhou" });
const step: ReplayStep | undefined = replayed.steps[0];
const seen: string | undefined = step?.visible;
const problem: LogProblem | null = replayed.error;
const river: string[] | undefined = step?.rivers[0].tiles;
const lists: string[] = [...RULES, ...SCORE_RULES, ...TILES, VERSION];
const best: number | null = ev[0].score;
try {
  isWin("12x");
} catch (err) {
  if (err instanceof HupaiError) console.log(err.kind === "hand", err.message);
}
// @ts-expect-error: the hand is a string
isWin(42);
// @ts-expect-error: turns is a number
discardEv("123m456p789s1122z9p", "riichi", { turns: "10" });
// @ts-expect-error: the situation needs its winning tile
score({ hand: "123m456p789s1122z" });
console.log(win, w, groups, count, n, e.unseen, advice[0].discard, s, lists, best, seen, problem, river);
// @ts-expect-error: the game is a number
replay("", { game: "1" });

const game = new Game("tenhou-3p", 7n);
const games: Game[] = GAME_RULES.map((rules) => new Game(rules, 0));
const east = new Game({ preset: "tenhou", length: "east" });
const legal: MjaiAction[] = game.seat === null ? [] : game.legalActions(game.seat);
if (game.seat !== null && legal[0]) game.step(game.seat, legal[0]);
const events: MjaiEvent[] = game.events(0);
const view: GameView = game.view(0);
const state: GameState = game.clone().state();
const points: number[] | null = game.finalPoints;
console.log(game.players, game.family, game.toAct, game.done, game.scores, game.kyoku, game.tilesLeft, Game.live());
console.log(events[0].type, view.hand, view.onOffer, state.seat, points, games.length, east.kyoku);
game.free();
// @ts-expect-error: a seat is a number
game.legalActions("0");
// @ts-expect-error: an action has an mjai type
game.step(0, { type: "discard", pai: "1m" });
// @ts-expect-error: players is read-only
game.players = 3;

const reviewed: Review = review("{}", { seat: [0, 2], rules: { preset: "tenhou" }, odds: false });
const decision: ReviewedDecision | undefined = reviewed.decisions[reviewed.summary.largest[0]];
console.log(decision?.hupai.candidates[0].win, decision?.loss, decision?.position?.hand, reviewed.errors.length);
// @ts-expect-error: odds is a boolean
review("{}", { odds: "no" });
