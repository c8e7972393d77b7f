// Cave escape's pages on the kit: the board guide drew (SVG, every name already escaped),
// a character's card, the new tile's turns drawn as pictures on the move buttons.
"use strict";
const cave = (() => {
  const {h, card, meter} = kit;
  const NS = "http://www.w3.org/2000/svg";

  // near: only the part around the laid tiles (a phone), else the whole board (the TV)
  function board(svgText, near) {
    const box = h("div", {class: "cave-board-box"});
    const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
    const svg = document.importNode(doc.documentElement, true);
    const part = near && svg.getAttribute("data-near");
    if (part) {
      svg.setAttribute("viewBox", part);
      const [x, y, width, height] = part.split(" "), ground = svg.querySelector("rect.ground");
      svg.style.aspectRatio = `${width} / ${height}`;   // drawn at the part's shape: no margins beside it
      if (ground) Object.entries({x, y, width, height}).forEach(([k, v]) => ground.setAttribute(k, v));
    }
    box.append(svg);
    return box;
  }

  // every word comes with the view, in the table's language (public.view: words, cards, on)
  function character(c, words) {
    return card({
      title: `${c.mark} · ${c.name}`, turn: c.turn, out: c.state !== "in",
      sub: c.state === "in" ? c.on + (c.held ? " · " + c.held : "") : c.ended,
      data: {name: c.name},
      children: c.state === "in" ? [
        meter({label: words.energy, value: c.energy, max: c.energy_max}),
        meter({label: words.mental, value: c.mental, max: c.mental_max}),
        h("p", {class: "cave-cards", text: c.cards})] : []});
  }

  // a tile's openings as a small picture: rock, and the floor from the middle to each side
  function tile(openings) {
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", "0 0 60 60");
    svg.setAttribute("class", "cave-pick");
    svg.setAttribute("aria-hidden", "true");
    const rect = (x, y, w, hh, cls) => {
      const r = document.createElementNS(NS, "rect");
      for (const [k, val] of Object.entries({x, y, width: w, height: hh, class: cls})) r.setAttribute(k, val);
      svg.append(r);
    };
    rect(2, 2, 56, 56, "rock");
    rect(21, 21, 18, 18, "floor");
    const at = {up: [21, 0, 18, 30], down: [21, 30, 18, 30], left: [0, 21, 30, 18], right: [30, 21, 30, 18]};
    for (const side of openings) rect(...at[side], "floor");
    return svg;
  }

  function pictures(root, byMove) {
    for (const [id, openings] of Object.entries(byMove || {})) {
      const button = root.querySelector(`.kit-move[data-move="${id}"]`);
      if (button) button.prepend(tile(openings));
    }
  }

  return {board, character, tile, pictures};
})();
