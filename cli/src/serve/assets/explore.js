// The explorer: a position of the worksheet's games, its options (each
// player's for a partizan game) with their values and outcomes, winning
// moves marked, boards drawn; click an option to go there; back, forward
// and the path from the root; normal or misère play; draws marked.
"use strict";

(() => {
  const { api, newId, cancelOnLeave, el, link, boards, errorBox, OUTCOMES } = grundy;
  const STORE = "grundy-worksheet";
  const text = sessionStorage.getItem(STORE) || localStorage.getItem(STORE) || "";
  const here = document.getElementById("here");
  const optionsBox = document.getElementById("options");
  const pathBox = document.getElementById("path");
  const status = document.getElementById("status");
  const backButton = document.getElementById("back");
  const forwardButton = document.getElementById("forward");
  const stopButton = document.getElementById("stop");
  const positionInput = document.getElementById("position");
  const params = new URLSearchParams(location.search);
  // The path from the root to the position shown, and the positions
  // stepped back from (forward).
  let path = [];
  let ahead = [];
  let play = params.get("play") === "misere" ? "misere" : "normal";
  let running = null;
  let shown = 0;

  document.getElementById("to-worksheet").href = link("/");
  document.querySelector('input[name="play"][value="' + play + '"]').checked = true;

  function outcomeBadge(outcome) {
    const badge = el("span", "outcome outcome-" + outcome, outcome || "?");
    badge.title = OUTCOMES[outcome] || "";
    return badge;
  }

  function drawPath() {
    pathBox.textContent = "";
    path.forEach((pos, i) => {
      if (i > 0) pathBox.appendChild(el("span", "step", "→"));
      const b = el("button", i === path.length - 1 ? "crumb current" : "crumb", pos);
      b.addEventListener("click", () => {
        if (i === path.length - 1) return;
        ahead = path.slice(i + 1).reverse().concat(ahead);
        path = path.slice(0, i + 1);
        show();
      });
      pathBox.appendChild(b);
    });
    backButton.disabled = path.length < 2;
    forwardButton.disabled = ahead.length === 0;
  }

  function optionRow(o) {
    const row = el("li", "option");
    if (o.winning) row.classList.add("winning");
    if (o.outcome === "D") row.classList.add("draw");
    const go = el("button", "go", o.to);
    go.title = "move to " + o.to;
    go.addEventListener("click", () => {
      ahead = [];
      path.push(o.to);
      show();
    });
    row.appendChild(go);
    const b = boards(o.to);
    if (b) row.appendChild(b);
    const facts = el("div", "facts");
    facts.appendChild(el("span", "value", o.value));
    facts.appendChild(outcomeBadge(o.outcome));
    if (o.winning) facts.appendChild(el("span", "mark", "★ winning move"));
    if (o.outcome === "D") facts.appendChild(el("span", "mark draw", "draw"));
    row.appendChild(facts);
    return row;
  }

  function optionList(title, list) {
    const section = el("div", "side");
    section.appendChild(el("h3", "", title + " (" + list.length + ")"));
    if (list.length === 0) section.appendChild(el("p", "none", "no move"));
    const ul = el("ul", "option-list");
    list.forEach((o) => ul.appendChild(optionRow(o)));
    section.appendChild(ul);
    return section;
  }

  function drawAnswer(a) {
    here.textContent = "";
    optionsBox.textContent = "";
    if (a.error) {
      here.appendChild(errorBox(a.error));
      return;
    }
    here.appendChild(el("h2", "position", a.position));
    const b = boards(a.position);
    if (b) here.appendChild(b);
    const facts = el("dl", "facts");
    const fact = (name, value) => {
      facts.appendChild(el("dt", "", name));
      const dd = el("dd");
      if (value instanceof Node) dd.appendChild(value); else dd.textContent = value;
      facts.appendChild(dd);
    };
    fact("kind", a.kind);
    // Values are normal play's; under misère play the outcomes and the
    // winning moves are misère's.
    const valueName = (a.kind === "impartial" ? "Grundy value" : "value") + (a.play === "misere" ? " (normal play)" : "");
    fact(valueName, a.value === null ? "none (" + a.value_error + ")" : a.value);
    const o = el("span");
    o.appendChild(outcomeBadge(a.outcome));
    o.appendChild(document.createTextNode(" " + (OUTCOMES[a.outcome] || "") + (a.play === "misere" ? " (misère play)" : "")));
    fact("outcome", o);
    if (a.left_first) fact("Left starts / Right starts", a.left_first + " / " + a.right_first);
    here.appendChild(facts);
    optionsBox.className = a.kind === "impartial" ? "options" : "options partizan";
    if (a.kind === "impartial") {
      optionsBox.appendChild(optionList("Options", a.options));
    } else {
      optionsBox.appendChild(optionList("Left's options", a.options.filter((x) => x.side === "left")));
      optionsBox.appendChild(optionList("Right's options", a.options.filter((x) => x.side === "right")));
    }
  }

  async function show() {
    drawPath();
    const position = path[path.length - 1];
    positionInput.value = position;
    history.replaceState(null, "", link("/explore.html", { pos: path[0], play: play }) + "#" + encodeURIComponent(JSON.stringify(path)));
    if (running) await api("/api/cancel", { id: running });
    const id = newId("explore");
    running = id;
    stopButton.disabled = false;
    status.textContent = "computing…";
    const answer = await api("/api/explore", { id: id, text: text, position: position, play: play });
    if (running !== id) return;
    running = null;
    stopButton.disabled = true;
    status.textContent = answer.error ? "failed" : "";
    drawAnswer(answer);
    shown += 1;
    document.body.dataset.shown = String(shown);
  }

  cancelOnLeave(() => running);
  backButton.addEventListener("click", () => {
    if (path.length < 2) return;
    ahead.push(path.pop());
    show();
  });
  forwardButton.addEventListener("click", () => {
    if (ahead.length === 0) return;
    path.push(ahead.pop());
    show();
  });
  stopButton.addEventListener("click", () => {
    if (running) api("/api/cancel", { id: running });
  });
  document.getElementById("go-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const pos = positionInput.value.trim();
    if (!pos) return;
    path = [pos];
    ahead = [];
    show();
  });
  for (const radio of document.querySelectorAll('input[name="play"]')) {
    radio.addEventListener("change", () => {
      play = radio.value;
      show();
    });
  }
  document.addEventListener("keydown", (event) => {
    if (event.altKey && event.key === "ArrowLeft") backButton.click();
    if (event.altKey && event.key === "ArrowRight") forwardButton.click();
  });

  let restored = null;
  try {
    restored = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  } catch (e) {
    restored = null;
  }
  if (Array.isArray(restored) && restored.length > 0 && restored.every((p) => typeof p === "string")) {
    path = restored;
  } else if (params.get("pos")) {
    path = [params.get("pos")];
  }
  if (path.length > 0) {
    show();
  } else {
    here.appendChild(el("p", "hint", "Type a position of the worksheet's games above, such as Domineering(grid(3, 3)), or open one from an answer of the worksheet."));
    document.body.dataset.shown = "0";
  }
})();
