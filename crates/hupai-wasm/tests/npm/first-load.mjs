// The page's first answer for two builds of the site, side by side in one run (not a test: run it
// from the scratch folder npm.sh fills, `node first-load.mjs OLD_SITE NEW_SITE`, ROUNDS=10 for more
// rounds). Each round opens each site in a fresh browser context (nothing cached: a first load),
// then reloads it, and reads the milliseconds from navigation to the first answer the page notes.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { chromium } from "playwright-core";
const TYPES = { ".html": "text/html", ".mjs": "text/javascript", ".css": "text/css", ".wasm": "application/wasm" };
const sites = process.argv.slice(2);
const servers = [];
for (const site of sites) {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
    try {
      const body = await readFile(join(site, path.endsWith("/") ? path + "index.html" : path));
      res.writeHead(200, { "content-type": TYPES[extname(path) || ".html"] ?? "application/octet-stream" });
      res.end(body);
    } catch { res.writeHead(404).end(); }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  servers.push(server);
}
const browser = await chromium.launch({ executablePath: process.env.HUPAI_CHROMIUM ?? "/usr/bin/chromium", headless: true, args: ["--no-sandbox", "--disable-gpu"] });
const first = sites.map(() => []), again = sites.map(() => []);
for (let round = 0; round < Number(process.env.ROUNDS ?? 6); round++) {
  for (let i = 0; i < sites.length; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const url = `http://127.0.0.1:${servers[i].address().port}/?hand=123m456p789s1122z9p&rules=riichi`;
    for (const into of [first[i], again[i]]) {
      await page.goto(url);
      await page.waitForSelector("body[data-ready='1']");
      into.push(Number(await page.getAttribute("body", "data-ready-ms")));
    }
    await context.close();
  }
}
const med = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
sites.forEach((s, i) => console.log(`${s}: first loads ${first[i].join(", ")} (median ${med(first[i])}, best ${Math.min(...first[i])}) · reloads ${again[i].join(", ")} (median ${med(again[i])}) ms`));
await browser.close();
for (const s of servers) s.close();
