// What both pages share: the token, API calls, boards drawn as squares,
// diagnostics as text. Plain JavaScript, no build step.
"use strict";

const grundy = (() => {
  const params = new URLSearchParams(location.search);
  const token = params.get("token") || sessionStorage.getItem("grundy-token") || "";
  sessionStorage.setItem("grundy-token", token);
  const pageId = Math.random().toString(36).slice(2);
  let counter = 0;

  // A POST to the API with the token; the answer's JSON (an error too).
  async function api(path, body) {
    let response;
    try {
      response = await fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Grundy-Token": token },
        body: JSON.stringify(body),
      });
    } catch (e) {
      return { error: { code: "grundy::serve::connection", message: "the server cannot be reached: " + e.message, help: "is `grundy serve` still running?" } };
    }
    try {
      return await response.json();
    } catch (e) {
      return { error: { code: "grundy::serve::connection", message: "the server's answer was cut short", help: "try again" } };
    }
  }

  function newId(what) {
    counter += 1;
    return what + "-" + pageId + "-" + counter;
  }

  function el(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // A page's address with the token (and more parameters).
  function link(path, more) {
    const p = new URLSearchParams(Object.assign({ token: token }, more || {}));
    return path + "?" + p.toString();
  }

  // The boards of a position's text: every `grid("ROW|ROW")` in it (as
  // positions print), drawn as squares; `+` between the components.
  function boards(text) {
    const found = [];
    const re = /grid\("([^"|]*(?:\|[^"|]*)*)"\)/g;
    let m;
    while ((m = re.exec(String(text))) !== null) found.push(m[1].split("|"));
    if (found.length === 0) return null;
    const box = el("div", "boards");
    found.forEach((rows, i) => {
      if (i > 0) box.appendChild(el("span", "plus", "+"));
      const width = Math.max(1, ...rows.map((r) => [...r].length));
      const board = el("div", "board");
      board.style.gridTemplateColumns = "repeat(" + width + ", var(--cell))";
      board.setAttribute("role", "img");
      board.setAttribute("aria-label", "board " + rows.join("/"));
      rows.forEach((row) => {
        const cells = [...row];
        for (let c = 0; c < width; c++) {
          const ch = cells[c] === undefined ? "#" : cells[c];
          const cell = el("div", ch === "#" ? "cell none" : ch === "." ? "cell empty" : "cell piece");
          if (ch !== "#" && ch !== ".") cell.textContent = ch;
          board.appendChild(cell);
        }
      });
      box.appendChild(board);
    });
    return box;
  }

  // A diagnostic: code, message and help line.
  function errorBox(error) {
    const box = el("div", "error");
    const where = error.line ? "line " + error.line + ":" + error.column + " " : "";
    box.appendChild(el("div", "code", where + (error.code || "error")));
    box.appendChild(el("div", "message", error.message));
    if (error.help) box.appendChild(el("div", "help", "help: " + error.help));
    return box;
  }

  // The language's words (grammar/grundy.pest) for highlighting.
  const KEYWORDS = new Set(("and assert birthday by companion compare dot else exists false fn for forall " +
    "freeze game genus graph grundy if in kernel kernel_sequences kernels left let mean misere misere_form " +
    "move moves normal not octal or outcome over period quotient remoteness right search sequence " +
    "subtraction table temperature then thermograph to true under upon value winning").split(" "));
  // One token at a time: a comment, a string, a number, a word, or any
  // other character (kept as it is).
  const TOKEN = /(#[^\n]*)|("(?:[^"\\\n]|\\.)*"?)|(\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|([\s\S])/g;

  // `.game` text as spans classed by kind (hl-comment, hl-string,
  // hl-number, hl-keyword, hl-game for a capitalised name); the text
  // itself unchanged, so it lies exactly under an editor's own.
  function highlight(text) {
    const out = document.createDocumentFragment();
    let plain = "";
    const flush = () => {
      if (plain) out.appendChild(document.createTextNode(plain));
      plain = "";
    };
    const span = (kind, t) => {
      flush();
      out.appendChild(el("span", "hl-" + kind, t));
    };
    let m;
    TOKEN.lastIndex = 0;
    while ((m = TOKEN.exec(text)) !== null) {
      if (m[1]) span("comment", m[1]);
      else if (m[2]) span("string", m[2]);
      else if (m[3]) span("number", m[3]);
      else if (m[4] && KEYWORDS.has(m[4])) span("keyword", m[4]);
      else if (m[4] && /^[A-Z]/.test(m[4])) span("game", m[4]);
      else plain += m[0];
    }
    flush();
    return out;
  }

  const OUTCOMES = {
    P: "P: the previous player wins",
    N: "N: the next player wins",
    L: "L: Left wins whoever starts",
    R: "R: Right wins whoever starts",
    D: "D: a draw",
  };

  // When the page goes (closed, or left for another), its computation
  // `running()` names is cancelled: a beacon carries the token in its
  // address, as it can set no header.
  function cancelOnLeave(running) {
    addEventListener("pagehide", () => {
      const id = running();
      if (id) navigator.sendBeacon(link("/api/cancel"), JSON.stringify({ id: id }));
    });
  }

  return { api, newId, cancelOnLeave, el, link, boards, errorBox, highlight, OUTCOMES, token };
})();
