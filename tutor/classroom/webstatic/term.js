// The browser classroom's terminal: xterm.js (DOM renderer, so the screen's
// text is in the page) joined to the student's app by a websocket at /ws.
// Binary frames carry keys and mouse reports up and the screen down; a text
// frame says the terminal's new size.
// The terminal measures its cells once: wait for the bundled font first.
document.fonts.load('15px "Tutor Mono"').then(start, start);

function start() {
  "use strict";
  const term = new Terminal({
    fontFamily: '"Tutor Mono", "DejaVu Sans Mono", monospace', fontSize: 15,
    scrollback: 0, cursorBlink: false, allowProposedApi: false,
    screenReaderMode: false,
  });
  const fit = new FitAddon.FitAddon();
  term.loadAddon(fit);
  term.open(document.getElementById("terminal"));
  fit.fit();
  term.focus();

  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/ws?cols=${term.cols}&rows=${term.rows}`);
  ws.binaryType = "arraybuffer";
  const encoder = new TextEncoder();
  let opened = false;
  window.tutorSocket = ws;       // for the browser test: the socket and the terminal
  window.tutorTerm = term;

  function send(bytes) { if (ws.readyState === WebSocket.OPEN) ws.send(bytes); }
  ws.onopen = () => { opened = true; };
  ws.onmessage = (e) => term.write(new Uint8Array(e.data));
  term.onData((text) => send(encoder.encode(text)));
  term.onBinary((text) => send(Uint8Array.from(text, (c) => c.charCodeAt(0) & 255)));
  term.onResize(({ cols, rows }) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "resize", cols, rows }));
  });
  window.addEventListener("resize", () => fit.fit());
  ws.onclose = () => {
    if (!opened) { location.href = "/"; return; }        // not logged in (any more)
    document.getElementById("ended-text").textContent =
      "Your session has ended (your progress is saved).";
    document.getElementById("ended").hidden = false;
  };
  // ctrl+w closes a tab before the page sees it: ask first
  window.addEventListener("beforeunload", (e) => {
    if (ws.readyState === WebSocket.OPEN) { e.preventDefault(); e.returnValue = ""; }
  });
}
