// Follows a queued or running run: appends new log lines and reloads the page when it ends, so
// its final state, error and points are shown as the server renders them.
const log = document.getElementById('run-log');

async function follow() {
  let lines = log.textContent === '' ? 0 : log.textContent.split('\n').length;
  for (;;) {
    await new Promise(resolve => setTimeout(resolve, 2000));
    try {
      const fresh = await (await fetch(`${log.dataset.logUrl}?from=${lines}`)).json();
      if (fresh.length > 0) {
        const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
        log.textContent += (lines > 0 ? '\n' : '') + fresh.join('\n');
        lines += fresh.length;
        if (atBottom) log.scrollTop = log.scrollHeight;
      }
      const run = await (await fetch(log.dataset.runUrl)).json();
      if (run.status === 'SUCCEEDED' || run.status === 'FAILED' || run.status === 'CANCELLED') {
        window.location.reload();
        return;
      }
    } catch (error) {
      console.error(error);
    }
  }
}

if (log.dataset.live === 'true') {
  log.scrollTop = log.scrollHeight;
  follow();
}
