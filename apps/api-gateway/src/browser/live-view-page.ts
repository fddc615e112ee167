/**
 * The live view: frames of the session's screencast drawn into an image; in interactive mode mouse, wheel and
 * keys go back over the same socket in page coordinates. The server decides what input is honoured: the
 * view-only socket ignores everything it receives.
 */
export function liveViewPage(interactive: boolean): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>WebHarvest live view</title>
<style>
  html, body { margin: 0; height: 100%; background: #111; color: #ddd; font: 14px system-ui, sans-serif; }
  #screen { display: block; max-width: 100%; max-height: calc(100% - 28px); margin: 0 auto; outline: none; }
  #status { height: 28px; line-height: 28px; padding: 0 8px; }
</style>
</head>
<body>
<div id="status">connecting…</div>
<img id="screen" alt="browser view" tabindex="0">
<script>
(() => {
  const interactive = ${interactive ? 'true' : 'false'};
  const screen = document.getElementById('screen');
  const status = document.getElementById('status');
  const url = new URL(location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = url.pathname.replace(/\\/$/, '') + '/socket';
  const socket = new WebSocket(url.toString());
  let size = { width: 1, height: 1 };
  socket.onopen = () => { status.textContent = interactive ? 'live (interactive)' : 'live (view only)'; };
  socket.onclose = (event) => { status.textContent = 'closed: ' + (event.reason || event.code); };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type !== 'frame') return;
    size = { width: message.width, height: message.height };
    screen.src = 'data:image/jpeg;base64,' + message.data;
    document.body.dataset.frames = String(Number(document.body.dataset.frames || 0) + 1);
  };
  if (!interactive) return;
  const send = (message) => { if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message)); };
  const point = (event) => {
    const box = screen.getBoundingClientRect();
    return { x: (event.clientX - box.left) * size.width / box.width, y: (event.clientY - box.top) * size.height / box.height };
  };
  const buttons = ['left', 'middle', 'right'];
  screen.addEventListener('mousedown', (event) => { screen.focus(); send({ type: 'mouse', event: 'mousePressed', button: buttons[event.button], clickCount: event.detail || 1, ...point(event) }); event.preventDefault(); });
  screen.addEventListener('mouseup', (event) => send({ type: 'mouse', event: 'mouseReleased', button: buttons[event.button], clickCount: event.detail || 1, ...point(event) }));
  screen.addEventListener('mousemove', (event) => send({ type: 'mouse', event: 'mouseMoved', ...point(event) }));
  screen.addEventListener('wheel', (event) => { send({ type: 'wheel', deltaX: event.deltaX, deltaY: event.deltaY, ...point(event) }); event.preventDefault(); }, { passive: false });
  screen.addEventListener('contextmenu', (event) => event.preventDefault());
  screen.addEventListener('keydown', (event) => {
    send({ type: 'key', event: 'keyDown', key: event.key, code: event.code });
    if (event.key.length === 1) send({ type: 'key', event: 'char', key: event.key, text: event.key });
    event.preventDefault();
  });
  screen.addEventListener('keyup', (event) => { send({ type: 'key', event: 'keyUp', key: event.key, code: event.code }); event.preventDefault(); });
})();
</script>
</body>
</html>
`;
}
