// The declarations as a CommonJS user sees them (`require("hupai")`), checked by tsc with types.ts.
import hupai = require("hupai");

const win: boolean = hupai.isWin("123m456p789s11122z");
const advice: hupai.DiscardOption[] = hupai.discardAdvice("123m456p789s11223z", "riichi", { visible: "1z" });
// @ts-expect-error: rules are text
hupai.shanten("123m456p789s1134z", 3);
const game: hupai.Game = new hupai.Game("sichuan", 1);
const first: hupai.MjaiAction | undefined = game.legalActions(0)[0];
game.free();
console.log(win, advice.length, hupai.RULES.length, hupai.GAME_RULES.length, first?.type);
