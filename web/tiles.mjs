// The tile pictures of the page's table, drawn here as SVG (no image files, no third-party tile
// set, no font beyond Latin letters): a face with the number over its suit's mark, winds by their
// letter, dragons as a blue frame (white), F (green) and C (red), red fives in red with a dot,
// flowers as a flower (with their number when known), a hidden tile as a back. Tiles are named as
// mjai names them.
const COLOUR = { m: "#b01010", p: "#0a4a9a", s: "#11702a" };
const HONOR = { E: "E", S: "S", W: "W", N: "N", F: "F", C: "C" };
const HONOR_COLOUR = { F: "#11702a", C: "#b01010" };

/** The suit's mark under the number, drawn with shapes (no font needed): a character's tile a
 * red "m" bar, a dot's tile a ring, a bamboo's tile a stick with its nodes. */
function suitMark(suit, colour) {
  if (suit === "p") return `<circle cx="15" cy="30" r="5.5" fill="none" stroke="${colour}" stroke-width="2.2"/><circle cx="15" cy="30" r="1.8" fill="${colour}"/>`;
  if (suit === "s") return `<rect x="13" y="23" width="4" height="14" rx="2" fill="${colour}"/><rect x="12" y="27.5" width="6" height="1.4" fill="#fdfbf3"/><rect x="12" y="32" width="6" height="1.4" fill="#fdfbf3"/>`;
  return `<text x="15" y="35" font-size="11" font-family="sans-serif" text-anchor="middle" fill="${colour}" font-weight="bold">m</text>`;
}

/** The SVG markup of a tile (`5mr`, `E`, `?`), labelled with its name for screen readers. Made
 * of shapes and Latin letters only, so it draws the same with any fonts. */
export function tileSvg(pai) {
  const open = `<svg class="tile-svg" viewBox="0 0 30 40" role="img" aria-label="${pai}"><title>${pai}</title>`;
  const face = `<rect x="1" y="1" width="28" height="38" rx="4" fill="#fdfbf3" stroke="#888" stroke-width="1.2"/>`;
  if (pai === "?" || !pai) {
    return `${open}<rect x="1" y="1" width="28" height="38" rx="4" fill="#2f6f5f" stroke="#1d4a3f" stroke-width="1.2"/></svg>`;
  }
  const number = /^([1-9])([mps])(r?)$/.exec(pai);
  if (number) {
    const [, n, suit, red] = number;
    const colour = red ? "#e00000" : COLOUR[suit];
    const digit = red ? "#e00000" : suit === "m" ? "#222" : colour;
    const mark = red ? `<circle cx="25" cy="6" r="2" fill="#e00000"/>` : "";
    return `${open}${face}${mark}<text x="15" y="20" font-size="17" font-family="sans-serif" text-anchor="middle" fill="${digit}" font-weight="bold">${n}</text>${suitMark(suit, colour)}</svg>`;
  }
  if (pai === "P") {
    return `${open}${face}<rect x="7" y="9" width="16" height="22" rx="2" fill="none" stroke="#3a6fb0" stroke-width="2.2"/></svg>`;
  }
  if (HONOR[pai]) {
    const colour = HONOR_COLOUR[pai] ?? "#222";
    return `${open}${face}<text x="15" y="28" font-size="20" font-family="serif" text-anchor="middle" fill="${colour}" font-weight="bold">${HONOR[pai]}</text></svg>`;
  }
  const flower = /^([1-8]?)f$/.exec(pai);
  if (flower) {
    const petals = [0, 72, 144, 216, 288].map((a) => `<ellipse cx="15" cy="13" rx="3" ry="5" fill="#d0608a" transform="rotate(${a} 15 19)"/>`).join("");
    return `${open}${face}${petals}<circle cx="15" cy="19" r="2.5" fill="#e0a020"/><text x="15" y="36" font-size="9" font-family="sans-serif" text-anchor="middle" fill="#a0522d">${flower[1]}</text></svg>`;
  }
  return `${open}${face}<text x="15" y="25" font-size="10" font-family="sans-serif" text-anchor="middle">${pai}</text></svg>`;
}

/** A tile as an element: `<span class="tile …">` holding its picture. */
export function tileElement(pai, classes = []) {
  const span = document.createElement("span");
  span.className = ["tile", ...classes].join(" ");
  span.dataset.pai = pai;
  span.innerHTML = tileSvg(pai);
  return span;
}
