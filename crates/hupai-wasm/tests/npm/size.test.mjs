// Each of the package's two modules stays within the 2 MB (2,000,000 bytes) a module may weigh:
// the page's (hupai_bg.wasm) and the players' (hupai_player_bg.wasm, with the players and the
// log readers of `review`). Prints each one's size raw and gzipped (level 9), and the tile
// pictures' (web/tiles.mjs, the SVG drawn by code), the figures docs/web.md states.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";

const PACKAGE = dirname(createRequire(import.meta.url).resolve("hupai/package.json"));
const MOST = 2_000_000;

test("each module weighs at most 2 MB", () => {
  const files = [join(PACKAGE, "hupai_bg.wasm"), join(PACKAGE, "hupai_player_bg.wasm")];
  if (process.env.HUPAI_SITE) files.push(join(process.env.HUPAI_SITE, "tiles.mjs"));
  for (const file of files) {
    const bytes = readFileSync(file);
    const gz = gzipSync(bytes, { level: 9 }).length;
    console.log(`# ${file.split("/").at(-1)}: ${bytes.length} bytes, ${gz} gzipped`);
    if (file.endsWith(".wasm")) assert.ok(bytes.length <= MOST, `${file}: ${bytes.length} bytes, over ${MOST}`);
  }
});
