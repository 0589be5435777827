// A minimal mjai bot: discards each tile it draws, passes on everything else.
const readline = require("readline");

// The arena gives the seat as the last argument, and as start_game's "id".
let seat = process.argv.length > 2 ? Number(process.argv[process.argv.length - 1]) : null;
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  let answer = { type: "none" };
  for (const event of JSON.parse(line)) {
    if (event.type === "start_game" && event.id !== undefined) seat = event.id;
    answer =
      event.type === "tsumo" && event.actor === seat
        ? { type: "dahai", actor: seat, pai: event.pai, tsumogiri: true }
        : { type: "none" };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
});
