// The tile pictures of the page's table, drawn here as SVG (no image files, no third-party tile
// set): a face with the number and its suit's character, honors by their character, red fives in
// red, flowers as 花 (with their number when known), a hidden tile as a back. Tiles are named as mjai names them.
const SUIT = { m: ["萬", "#b01010"], p: ["筒", "#0a4a9a"], s: ["索", "#11702a"] };
const HONOR = { E: "東", S: "南", W: "西", N: "北", P: "白", F: "發", C: "中" };
const HONOR_COLOUR = { P: "#777", F: "#11702a", C: "#b01010" };
const NUMERAL = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

/** The SVG markup of a tile (`5mr`, `E`, `?`), with `title` naming it for screen readers. */
export function tileSvg(pai) {
  const open = `<svg class="tile-svg" viewBox="0 0 30 40" role="img" aria-label="${pai}"><title>${pai}</title>`;
  const face = `<rect x="1" y="1" width="28" height="38" rx="4" fill="#fdfbf3" stroke="#888" stroke-width="1.2"/>`;
  if (pai === "?" || !pai) {
    return `${open}<rect x="1" y="1" width="28" height="38" rx="4" fill="#2f6f5f" stroke="#1d4a3f" stroke-width="1.2"/></svg>`;
  }
  const number = /^([1-9])([mps])(r?)$/.exec(pai);
  if (number) {
    const [, n, suit, red] = number;
    const [char, colour] = SUIT[suit];
    const top = red ? "#d00" : suit === "m" ? "#222" : colour;
    const label = suit === "m" ? NUMERAL[n] : n;
    return `${open}${face}<text x="15" y="18" font-size="15" text-anchor="middle" fill="${top}" font-weight="bold">${label}</text><text x="15" y="34" font-size="12" text-anchor="middle" fill="${red ? "#d00" : colour}">${char}</text></svg>`;
  }
  if (HONOR[pai]) {
    const colour = HONOR_COLOUR[pai] ?? "#222";
    const inner = pai === "P" ? `<rect x="7" y="9" width="16" height="22" rx="2" fill="none" stroke="#3a6fb0" stroke-width="2"/>` : `<text x="15" y="27" font-size="18" text-anchor="middle" fill="${colour}" font-weight="bold">${HONOR[pai]}</text>`;
    return `${open}${face}${inner}</svg>`;
  }
  const flower = /^([1-8]?)f$/.exec(pai);
  if (flower) {
    return `${open}${face}<text x="15" y="${flower[1] ? 20 : 27}" font-size="15" text-anchor="middle" fill="#a0522d">花</text><text x="15" y="34" font-size="11" text-anchor="middle" fill="#a0522d">${flower[1]}</text></svg>`;
  }
  return `${open}${face}<text x="15" y="25" font-size="10" text-anchor="middle">${pai}</text></svg>`;
}

/** A tile as an element: `<span class="tile …">` holding its picture. */
export function tileElement(pai, classes = []) {
  const span = document.createElement("span");
  span.className = ["tile", ...classes].join(" ");
  span.dataset.pai = pai;
  span.innerHTML = tileSvg(pai);
  return span;
}
