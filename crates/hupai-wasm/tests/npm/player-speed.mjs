// The hupai player's time per decision in the players' module under Node: three `tenhou`
// hanchans where every seat plays `choose(seat, "hupai")`, each decision among two or more legal
// actions timed in wall-clock and CPU time (docs/web.md states the figures). Run from the scratch
// folder of tests/npm.sh:
//   node player-speed.mjs file://$PWD/node_modules/hupai/core.mjs node_modules/hupai/hupai_player_bg.wasm
import { readFileSync } from "node:fs";
const core = await import(process.argv[2]);
core.initSync(readFileSync(process.argv[3]));
const ms = [], cpu = [];
for (const seed of [1, 2, 3]) {
  const game = new core.Game("tenhou", BigInt(seed));
  while (!game.done) {
    const seat = game.seat;
    const n = game.legalActions(seat).length;
    const c0 = process.cpuUsage(); const t0 = performance.now();
    const a = game.choose(seat, "hupai");
    const dt = performance.now() - t0; const dc = process.cpuUsage(c0);
    if (n > 1) { ms.push(dt); cpu.push((dc.user + dc.system) / 1000); }
    game.step(seat, a);
  }
}
const q = (xs, p) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)];
console.log(`decisions with a choice ${ms.length}: wall median ${q(ms, 0.5).toFixed(3)} ms p90 ${q(ms, 0.9).toFixed(2)} max ${Math.max(...ms).toFixed(1)}; cpu median ${q(cpu, 0.5).toFixed(3)} ms p90 ${q(cpu, 0.9).toFixed(2)}; total wall ${ms.reduce((a, b) => a + b, 0).toFixed(0)} ms cpu ${cpu.reduce((a, b) => a + b, 0).toFixed(0)} ms`);
