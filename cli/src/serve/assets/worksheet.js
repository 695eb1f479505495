// The worksheet: an editor for .game text, highlighted, with the language
// server's diagnostics as you type; each answer under its statement (the
// statement's text above the answer, a click away from its lines in the
// editor); a stop button, save and load.
"use strict";

(() => {
  const { api, newId, cancelOnLeave, el, link, boards, errorBox, highlight } = grundy;
  const editor = document.getElementById("editor");
  const shade = document.getElementById("highlight");
  const gutter = document.getElementById("gutter");
  const diagnosticsList = document.getElementById("diagnostics");
  const answers = document.getElementById("answers");
  const status = document.getElementById("status");
  const runButton = document.getElementById("run");
  const stopButton = document.getElementById("stop");
  const fileSelect = document.getElementById("file");
  const STORE = "grundy-worksheet";
  // The sample worksheet (cli/src/serve/assets/sample.game).
  async function sample() {
    try {
      return await (await fetch("/assets/sample.game")).text();
    } catch (e) {
      return "";
    }
  }
  const checkId = newId("check");
  let runId = null;
  let checkTimer = null;

  document.getElementById("to-explorer").href = link("/explore.html");

  function setStatus(text) {
    status.textContent = text;
  }

  function updateGutter(marked) {
    const lines = editor.value.split("\n").length;
    let out = "";
    for (let i = 1; i <= lines; i++) out += (marked.has(i) ? "●" : " ") + String(i).padStart(3) + "\n";
    gutter.textContent = out;
  }

  function selectRange(d) {
    const lines = editor.value.split("\n");
    let start = 0;
    for (let i = 0; i < d.line - 1 && i < lines.length; i++) start += lines[i].length + 1;
    let end = 0;
    for (let i = 0; i < d.end_line - 1 && i < lines.length; i++) end += lines[i].length + 1;
    editor.focus();
    editor.setSelectionRange(start + d.column - 1, Math.max(start + d.column - 1, end + d.end_column - 1));
  }

  async function check() {
    const text = editor.value;
    const answer = await api("/api/check", { id: checkId, text: text });
    // A newer text is checked already, or the server is busy with queries
    // (the next edit checks again): nothing to show.
    if (answer.stale || text !== editor.value) return;
    if (answer.error && answer.error.code === "grundy::serve::busy") return;
    diagnosticsList.textContent = "";
    if (answer.error) {
      diagnosticsList.appendChild(el("li", "", "")).appendChild(errorBox(answer.error));
      return;
    }
    const marked = new Set();
    for (const d of answer.diagnostics) {
      marked.add(d.line);
      const item = el("li", "diagnostic");
      const button = el("button", "link", "line " + d.line + ":" + d.column);
      button.addEventListener("click", () => selectRange(d));
      item.appendChild(button);
      item.appendChild(el("span", "code", " " + (d.code || "")));
      item.appendChild(el("div", "message", d.message));
      diagnosticsList.appendChild(item);
    }
    diagnosticsList.dataset.count = String(answer.diagnostics.length);
    updateGutter(marked);
  }

  // The highlighted copy under the editor's transparent text (a final
  // newline needs a character after it to take its line).
  function shadeText() {
    shade.textContent = "";
    shade.appendChild(highlight(editor.value + " "));
    shade.scrollTop = editor.scrollTop;
    shade.scrollLeft = editor.scrollLeft;
  }

  function edited() {
    shadeText();
    localStorage.setItem(STORE, editor.value);
    sessionStorage.setItem(STORE, editor.value);
    updateGutter(new Set());
    clearTimeout(checkTimer);
    checkTimer = setTimeout(check, 250);
  }

  // A button that opens a position in the explorer.
  function exploreButton(position, play, label) {
    const a = el("a", "explore", label || "explore");
    a.href = link("/explore.html", { pos: position, play: play || "normal" });
    a.title = "open " + position + " in the explorer";
    return a;
  }

  // The statement an answer answers, as written, with its line numbers:
  // a click selects it in the editor.
  function statementOf(item) {
    const last = item.end_line || item.line;
    const head = el("div", "statement");
    const where = el("button", "link line", last > item.line ? "lines " + item.line + "–" + last : "line " + item.line);
    where.title = "select in the editor";
    where.addEventListener("click", () =>
      selectRange({ line: item.line, column: 1, end_line: last + 1, end_column: 1 }));
    head.appendChild(where);
    if (typeof item.source === "string") {
      const code = el("code", "source");
      code.appendChild(highlight(item.source));
      head.appendChild(code);
    }
    return head;
  }

  // The answer of the statement at the editor's caret, marked and
  // scrolled into view.
  function followCaret() {
    const line = editor.value.slice(0, editor.selectionStart).split("\n").length;
    let found = null;
    for (const box of answers.querySelectorAll(".answer")) {
      const from = Number(box.dataset.line || 0);
      const to = Number(box.dataset.endLine || from);
      const here = from > 0 && from <= line && line <= to;
      box.classList.toggle("current", here);
      if (here && !found) found = box;
    }
    if (found) found.scrollIntoView({ block: "nearest" });
  }

  function answerBox(item) {
    const box = el("div", "answer");
    if (item.line) {
      box.dataset.line = String(item.line);
      box.dataset.endLine = String(item.end_line || item.line);
    }
    if (item.error) {
      box.classList.add("failed");
      box.appendChild(errorBox(item.error));
      return box;
    }
    if (item.line) box.appendChild(statementOf(item));
    box.appendChild(el("pre", "text", item.text));
    const j = item.json || {};
    const play = j.play === "misere" ? "misere" : "normal";
    if (typeof j.position === "string") {
      const b = boards(j.position);
      if (b) box.appendChild(b);
      box.appendChild(exploreButton(j.position, play));
    }
    const tos = [];
    for (const field of ["moves", "left", "right"]) {
      for (const m of j[field] || []) tos.push(typeof m === "string" ? m : m.to);
    }
    if (tos.length > 0 && tos.length <= 50) {
      const row = el("div", "option-links");
      row.appendChild(el("span", "", "options: "));
      tos.forEach((to, i) => row.appendChild(exploreButton(to, play, "#" + (i + 1))));
      box.appendChild(row);
    }
    if (item.svg) {
      const img = el("img", "picture");
      img.alt = "picture of line " + item.line + (item.json && item.json.query === "dot" ? " (Graphviz)" : "");
      img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(item.svg);
      box.appendChild(img);
    }
    return box;
  }

  async function run() {
    if (runId) return;
    runId = newId("run");
    runButton.disabled = true;
    stopButton.disabled = false;
    setStatus("running…");
    answers.classList.add("busy");
    const started = performance.now();
    const answer = await api("/api/run", { id: runId, text: editor.value });
    runId = null;
    runButton.disabled = false;
    stopButton.disabled = true;
    answers.classList.remove("busy");
    answers.textContent = "";
    if (answer.error) {
      answers.appendChild(answerBox(answer));
      setStatus("failed");
      return;
    }
    for (const item of answer.results) answers.appendChild(answerBox(item));
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    setStatus((answer.complete ? "done" : "stopped") + " in " + seconds + " s");
    answers.dataset.done = String(Date.now());
  }

  async function stop() {
    if (runId) {
      setStatus("stopping…");
      await api("/api/cancel", { id: runId });
    }
  }

  // The files named on the server's command line; the first is loaded
  // when this tab opens the worksheet first (coming back from the
  // explorer keeps the text being edited).
  async function loadFiles(keep) {
    const answer = await api("/api/files", {});
    if (answer.error) {
      answers.appendChild(answerBox(answer));
      return false;
    }
    if (answer.files.length === 0) return false;
    document.getElementById("files").hidden = false;
    answer.files.forEach((name, i) => {
      const option = el("option", "", name);
      option.value = String(i);
      fileSelect.appendChild(option);
    });
    return keep || (await load(true));
  }

  // Load the chosen file; on opening, a file not written yet (or empty)
  // starts with the sample worksheet.
  async function load(opening) {
    const answer = await api("/api/load", { file: Number(fileSelect.value) });
    if (answer.error) {
      answers.textContent = "";
      answers.appendChild(answerBox(answer));
      return false;
    }
    editor.value = answer.text === "" && opening === true ? await sample() : answer.text;
    setStatus("loaded " + answer.file);
    edited();
    return true;
  }

  async function save() {
    const answer = await api("/api/save", { file: Number(fileSelect.value), text: editor.value });
    if (answer.error) {
      answers.textContent = "";
      answers.appendChild(answerBox(answer));
      setStatus("not saved");
      return;
    }
    setStatus("saved " + answer.file + " (" + answer.saved + " bytes)");
  }

  function download() {
    const blob = new Blob([editor.value], { type: "text/plain" });
    const a = el("a");
    a.href = URL.createObjectURL(blob);
    a.download = "worksheet.game";
    a.click();
    URL.revokeObjectURL(a.href);
  }

  document.getElementById("open").addEventListener("change", (event) => {
    const file = event.target.files[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      editor.value = String(reader.result);
      setStatus("opened " + file.name);
      edited();
    };
    reader.readAsText(file);
  });

  cancelOnLeave(() => runId);
  editor.addEventListener("input", edited);
  editor.addEventListener("scroll", () => {
    gutter.scrollTop = editor.scrollTop;
    shade.scrollTop = editor.scrollTop;
    shade.scrollLeft = editor.scrollLeft;
  });
  editor.addEventListener("keyup", followCaret);
  editor.addEventListener("click", followCaret);
  editor.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      run();
    } else if (event.key === "Tab") {
      event.preventDefault();
      editor.setRangeText("    ", editor.selectionStart, editor.selectionEnd, "end");
      edited();
    }
  });
  runButton.addEventListener("click", run);
  stopButton.addEventListener("click", stop);
  document.getElementById("load").addEventListener("click", () => load(false));
  document.getElementById("save").addEventListener("click", save);
  document.getElementById("download").addEventListener("click", download);
  document.getElementById("explore-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const pos = document.getElementById("explore-position").value.trim();
    if (pos) location.href = link("/explore.html", { pos: pos, play: document.getElementById("explore-play").value });
  });

  (async () => {
    const kept = sessionStorage.getItem(STORE);
    if (kept !== null) {
      editor.value = kept;
      edited();
    }
    if (!(await loadFiles(kept !== null)) && kept === null) {
      editor.value = localStorage.getItem(STORE) || (await sample());
      edited();
    }
    document.body.dataset.ready = "true";
  })();
})();
