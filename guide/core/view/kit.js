// The page kit: every game's TV and seat pages are built from it (guide/core/view/README.md).
//
//   kit.follow(draw)      the table's content now, then after every command (server-sent
//                         events); after a phone slept, a network drop or a revoked stream it
//                         catches up by itself. On /seat/TOKEN it follows that seat, elsewhere
//                         the TV (with the address's ?token=).
//   kit.moves(data)       a seat's moves as buttons, grouped as the game grouped them (data,
//                         never read from the label); a tap sends the move.
//   kit.card, kit.hand, kit.meter, kit.counters, kit.die, kit.buttons, kit.countdown,
//   kit.reveal, kit.turn, kit.section, kit.lines, kit.h   components: each returns an element.
//
// Nothing here reaches the internet; the page's data are only what its feed carried.
"use strict";
const kit = (() => {
  const seatPath = location.pathname.match(/^\/seat\/([^/]+)/);
  const base = seatPath ? "/seat/" + seatPath[1] : "";
  const token = new URLSearchParams(location.search).get("token");
  const query = !seatPath && token ? "?token=" + encodeURIComponent(token) : "";
  const memory = new Map();         // what a redraw keeps: open groups, countdowns, reveals
  let current = null;
  let shownVersion;
  let source = null;
  let retries = 0;
  let timer = null;
  let drawFn = null;

  // --- elements --------------------------------------------------------------------------
  // h("div", {class: "x", text: "y", data: {k: v}, on: {click: f}, title: "t"}, ...children)
  function h(tag, props, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = String(v);
      else if (k === "data") for (const [dk, dv] of Object.entries(v)) e.dataset[dk] = dv;
      else if (k === "on") for (const [ev, f] of Object.entries(v)) e.addEventListener(ev, f);
      else if (k === "style") Object.assign(e.style, v);
      else e.setAttribute(k, v === true ? "" : String(v));
    }
    for (const c of children.flat(Infinity)) {
      if (c === undefined || c === null || c === false || c === "") continue;
      e.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return e;
  }

  function mount(where, ...children) {
    const root = typeof where === "string" ? document.getElementById(where) : where;
    root.replaceChildren(...children.flat(Infinity).filter(c => c !== null && c !== undefined && c !== false));
    return root;
  }

  // --- following the table ------------------------------------------------------------------
  function accept(data) {
    if (!data || typeof data !== "object") return;
    if (data.version !== undefined && data.version === shownVersion) return;
    if (current && data.version !== current.version) memory.delete("said");   // the table moved on
    current = data;
    shownVersion = data.version;
    try {
      drawFn(data);
      botBanner(data);
    } catch (e) {
      console.error(e);
    }
    document.body.dataset.drawn = String(Number(document.body.dataset.drawn || 0) + 1);
    if (data.version !== undefined) document.body.dataset.version = String(data.version);
  }

  // A bot plays this seat (`bot NAME`): a banner above the page saying so in the table's
  // words (the payload's `bot`); a person who takes the seat back gets the page without it.
  function botBanner(data) {
    let e = document.getElementById("kit-bot");
    if (!data.bot) {
      if (e) e.remove();
      return;
    }
    if (!e) {
      e = h("div", {id: "kit-bot", class: "kit-bot", role: "status"});
      document.body.prepend(e);
    }
    e.textContent = data.bot.said || "";
    e.dataset.level = data.bot.level || "";
  }

  function away(yes) {
    if (yes) document.body.dataset.away = word("away", "reconnecting…");   // kit.css shows it
    document.body.classList.toggle("kit-away", yes);
  }

  function open() {
    if (source) source.close();
    source = new EventSource(base + "/events" + query);
    source.onopen = () => { retries = 0; away(false); };
    source.onmessage = e => {
      let data;
      try { data = JSON.parse(e.data); } catch (err) { return; }
      away(false);
      accept(data);
    };
    source.onerror = () => {
      away(true);
      if (source.readyState === EventSource.CLOSED) later();   // the browser gave up: we don't
    };
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(catchUp, Math.min(8000, 1000 * 2 ** retries++));   // at most 8 s apart
  }

  // The table as it is now, then the stream again (a phone that slept, or came back online).
  function catchUp() {
    clearTimeout(timer);
    return fetch(base + "/state.json" + query, {cache: "no-store"})
      .then(r => {
        if (r.status === 403) return null;           // the link opens no seat now: said, not retried
        if (!r.ok) throw new Error(String(r.status));
        return r.json();
      })
      .then(data => {
        if (data === null) return closed();
        away(false); accept(data); if (!source || source.readyState !== EventSource.OPEN) open();
      })
      .catch(() => { away(true); later(); });
  }

  // The table no longer serves this link (the seat was revoked, or its player is no longer
  // at the table): a banner says so in the table's words, and the page stops asking.
  function closed() {
    if (source) source.close();
    clearTimeout(timer);
    away(false);
    document.body.classList.add("kit-closed");          // its moves greyed: they would not run
    let e = document.getElementById("kit-closed");
    if (!e) {
      e = h("div", {id: "kit-closed", class: "kit-bot", role: "status"});
      document.body.prepend(e);
    }
    e.textContent = word("closed", "This link opens no seat now: ask the table for yours (seats).");
  }

  function follow(draw) {
    drawFn = draw;
    fetch(base + "/state.json" + query, {cache: "no-store"})
      .then(r => r.ok ? r.json() : null).then(accept).catch(() => away(true))
      .finally(() => { timer = setTimeout(open, 1000); });
    document.addEventListener("visibilitychange", () => { if (!document.hidden) catchUp(); });
    window.addEventListener("online", catchUp);
    window.addEventListener("focus", () => { if (document.body.classList.contains("kit-away")) catchUp(); });
    window.addEventListener("pageshow", e => { if (e.persisted) catchUp(); });
  }

  // --- sending a move ---------------------------------------------------------------------------
  async function send(id) {
    let said;
    try {
      const r = await fetch(base + "/move", {method: "POST", cache: "no-store",
        headers: {"Content-Type": "application/json"},
        body: JSON.stringify({move: id, version: current && current.version})});
      said = (await r.json()).said;
    } catch (e) {
      said = word("no_answer", "the table does not answer: try again");
    }
    if (said === "sent") said = current && current.policy === "apply" ? word("done", "Done.")
      : word("sent", "Sent: the game master runs it.");
    return said;
  }

  // One of the words the table sends with the page (the payload's `words`, in the table's
  // language), its {names} filled in; the English as a fallback.
  function word(key, english, values = {}) {
    const words = (current && current.words) || {};
    return String(words[key] || english).replace(/\{(\w+)\}/g,
      (whole, name) => (name in values ? String(values[name]) : whole));
  }

  // --- components ----------------------------------------------------------------------------
  function section(title, ...children) {
    return h("section", {class: "kit-section"}, title ? h("h2", {text: title}) : null, children);
  }

  // A card: a title, small print, and what it holds; tone: "party", "foe", "gold", "quiet".
  function card({title, sub, tone, turn, out, children, data} = {}) {
    return h("div", {class: ["kit-card", tone && "kit-" + tone, turn && "kit-turn-card",
                             out && "kit-out"].filter(Boolean).join(" "), data},
      title ? h("div", {class: "kit-card-title", text: title}) : null,
      sub ? h("div", {class: "kit-card-sub", text: sub}) : null, children);
  }

  // A hand of cards: each {title, sub, ...card's fields} or an element.
  function hand(cards) {
    return h("div", {class: "kit-hand"}, cards.map(c => c instanceof Node ? c : card(c)));
  }

  // A meter: label, value of max (an HP bar); tone "party", "foe", "gold"; `data` on the bar.
  function meter({label, value, max, tone, unit, data} = {}) {
    const pct = max > 0 ? Math.max(0, Math.min(100, Math.round(100 * value / max))) : 0;
    return h("div", {class: "kit-meter" + (tone ? " kit-" + tone : ""), role: "meter",
                     "aria-valuenow": value, "aria-valuemin": 0, "aria-valuemax": max,
                     "aria-label": label},
      h("div", {class: "kit-meter-head"}, h("span", {text: label}),
        h("span", {class: "kit-meter-value", text: `${value} / ${max}${unit ? " " + unit : ""}`})),
      h("div", {class: "kit-track"}, h("div", {class: "kit-bar", data, style: {width: pct + "%"}})));
  }

  // A counter board: [[label, value, small print?], ...] or {label: value}.
  function counters(items) {
    const rows = Array.isArray(items) ? items : Object.entries(items);
    return h("div", {class: "kit-counters"}, rows.map(([label, value, sub]) =>
      h("div", {class: "kit-counter"}, h("div", {class: "kit-counter-value", text: value}),
        h("div", {class: "kit-counter-label", text: label}),
        sub ? h("div", {class: "kit-counter-sub", text: sub}) : null)));
  }

  function die(face, sides) {
    return h("span", {class: "kit-die", title: sides ? "d" + sides : null},
      h("span", {class: "kit-die-face", text: face}), sides ? h("small", {text: "d" + sides}) : null);
  }

  // Lines of text (the story): the last `most` of them.
  function lines(items, most) {
    const shown = most ? items.slice(-most) : items;
    return h("ol", {class: "kit-lines"}, shown.map(t => h("li", {text: t})));
  }

  // Whose turn: yours (a banner), or whose it is ("Ann's turn").
  function turn({yours, who, text} = {}) {
    if (yours) return h("div", {class: "kit-turn kit-yours", role: "status", text: text || "Your turn!"});
    return h("div", {class: "kit-turn", role: "status",
                     text: text || (who && who.length ? `${[].concat(who).join(", ")}'s turn` : "Waiting for the table")});
  }

  // A button group: [{label, detail, on: fn, tone}].
  function buttons(items) {
    return h("div", {class: "kit-buttons"}, items.map(b =>
      h("button", {type: "button", class: "kit-button" + (b.tone ? " kit-" + b.tone : ""),
                   on: {click: b.on}, data: b.data}, b.label, b.detail ? h("small", {text: b.detail}) : null)));
  }

  // A seat's moves ({id, label, group: [...], detail}) as button groups: the first level of a
  // group a heading, a deeper level a fold that opens on a tap (one at a time per heading);
  // all in the game's order (a heading or a fold where its first move came), so a side that
  // turns from a button into a fold keeps its place; a tap sends the move and says what
  // became of it.
  function moves(data, {title} = {}) {
    const all = (data && data.moves) || [];
    const said = h("div", {class: "kit-said", role: "status", "aria-live": "polite", text: memory.get("said") || ""});
    const tap = async (move, button) => {
      for (const b of document.querySelectorAll(".kit-move")) b.disabled = true;
      said.textContent = "Sending…";
      const answer = await send(move.id);
      memory.set("said", answer);
      said.textContent = answer;
      for (const b of document.querySelectorAll(".kit-move")) b.disabled = false;
      if (/^(Sent|Done)/.test(answer)) button.classList.add("kit-sent");
    };
    // a node's items in the game's order: a move, or a group where its first move came
    const tree = () => ({items: [], groups: new Map()});
    const root = tree();
    for (const m of all) {
      let node = root;
      for (const g of m.group || []) {
        if (!node.groups.has(g)) {
          const sub = tree();
          node.groups.set(g, sub);
          node.items.push({name: g, sub});
        }
        node = node.groups.get(g);
      }
      node.items.push({move: m});
    }
    const button = m => {
      const b = h("button", {type: "button", class: "kit-move kit-button", data: {move: m.id}},
        m.label, m.detail ? h("small", {text: m.detail}) : null);
      b.addEventListener("click", () => tap(m, b));
      return b;
    };
    const draw = (node, path) => {        // in the game's order; moves side by side share a row
      const out = [];
      let row = null;
      for (const item of node.items) {
        if (item.move) {
          if (!row) out.push(row = h("div", {class: "kit-buttons"}));
          row.append(button(item.move));
          continue;
        }
        row = null;
        const {name, sub} = item;
        const here = [...path, name];
        const key = "open:" + JSON.stringify(here);
        if (path.length === 0) {
          out.push(h("section", {class: "kit-group", data: {group: name}}, h("h3", {text: name}), draw(sub, here)));
        } else {
          const fold = h("details", {class: "kit-fold", data: {group: name}, open: memory.get(key)},
            h("summary", {text: name}), draw(sub, here));
          fold.addEventListener("toggle", () => {
            memory.set(key, fold.open);
            if (!fold.open) return;
            for (const other of fold.parentElement.querySelectorAll(":scope > details.kit-fold")) {
              if (other !== fold && other.open) other.open = false;    // one open at a time
            }
          });
          out.push(fold);
        }
      }
      return out;
    };
    if (!all.length) return h("div", {class: "kit-moves"}, said);
    return h("div", {class: "kit-moves"}, title ? h("h2", {text: title}) : null, draw(root, []), said);
  }

  // A countdown of `seconds` from the first time its key is drawn (a redraw does not restart
  // it); `onEnd` once, at zero.
  function countdown({key, seconds, label, onEnd} = {}) {
    const k = "count:" + key;
    if (!memory.has(k)) memory.set(k, {end: Date.now() + seconds * 1000, onEnd, done: false});
    const state = memory.get(k);
    state.onEnd = onEnd;
    const e = h("span", {class: "kit-countdown", role: "timer", data: {key: k}},
      label ? h("span", {class: "kit-countdown-label", text: label}) : null,
      h("span", {class: "kit-countdown-value"}));
    tickOne(e);
    return e;
  }

  // A private reveal: a button; a tap shows `content` (a function giving an element or text)
  // for `seconds`, then it hides itself (once, unless `again`). A redraw keeps its time.
  function reveal({key, label, content, seconds, again, onShow} = {}) {
    const k = "reveal:" + key;
    const state = memory.get(k) || {until: 0, used: false};
    state.args = {key, label, content, seconds, again, onShow};
    memory.set(k, state);
    const box = h("div", {class: "kit-reveal", data: {key: k}});
    const showing = Date.now() < state.until;
    if (showing) {
      box.classList.add("kit-shown");
      box.append(h("div", {class: "kit-reveal-body"}, typeof content === "function" ? content() : content),
        countdown({key: k + ":" + state.until, seconds: (state.until - Date.now()) / 1000,
                   label: word("hides_in", "hides in")}));
    } else if (state.used && !again) {
      box.append(h("div", {class: "kit-reveal-hidden",
                           text: word("hidden_again", "{label}: hidden again", {label})}));
    } else {
      box.append(h("button", {type: "button", class: "kit-button kit-gold", on: {click: () => {
        state.until = Date.now() + seconds * 1000;
        state.used = true;
        box.replaceWith(reveal({key, label, content, seconds, again, onShow}));
        if (onShow) try { onShow(); } catch (err) { console.error(err); }   // e.g. tell the table
      }}}, word("tap_to_see", "Tap to see {label}", {label}),
        h("small", {text: word("only_here", "{seconds} s, only on this screen", {seconds})})));
    }
    return box;
  }

  function tickOne(e) {
    const state = memory.get(e.dataset.key);
    if (!state) return;
    const left = Math.max(0, Math.ceil((state.end - Date.now()) / 1000));
    const value = e.querySelector(".kit-countdown-value");
    if (value && value.textContent !== left + " s") value.textContent = left + " s";
    e.classList.toggle("kit-over", left === 0);
    e.classList.toggle("kit-soon", left > 0 && left <= 5);
    if (left === 0 && !state.done) {
      state.done = true;
      if (state.onEnd) try { state.onEnd(); } catch (err) { console.error(err); }
    }
  }

  setInterval(() => {
    for (const e of document.querySelectorAll(".kit-countdown")) tickOne(e);
    for (const r of document.querySelectorAll(".kit-reveal.kit-shown")) {
      const state = memory.get(r.dataset.key);
      if (state && Date.now() >= state.until) r.replaceWith(reveal(state.args));
    }
  }, 200);

  return {h, mount, follow, catchUp, send, moves, section, card, hand, meter, counters, die,
          lines, turn, buttons, countdown, reveal, get current() { return current; }, base};
})();

// The TV pages' old name (guide/core/view/follow.js): a page that only draws its view.
function guideFollow(draw) { kit.follow(draw); }
