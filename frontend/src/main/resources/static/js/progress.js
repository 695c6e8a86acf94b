// The first-start backfill (and any later runs) on the home page: polls the run queue's progress,
// shows it while something is queued or running, and refreshes the series list when runs succeed.

const ACTIVE_MS = 2000;
const IDLE_MS = 10000;

const box = document.getElementById('progress');
const bar = document.getElementById('progress-bar');
const counts = document.getElementById('progress-counts');
const current = document.getElementById('progress-current');
const { progressUrl, listUrl, runUrl } = box.dataset;

let lastSucceeded = null;

function render(p) {
  const total = p.queued + p.running + p.succeeded + p.failed;
  box.hidden = p.queued + p.running === 0;
  bar.max = Math.max(total, 1);
  bar.value = p.succeeded + p.failed;
  counts.textContent = `${p.succeeded + p.failed} of ${total} runs done · ${p.running} running · ${p.queued} queued`
    + (p.failed > 0 ? ` · ${p.failed} failed` : '');
  current.replaceChildren();
  if (p.current) {
    const link = document.createElement('a');
    link.href = runUrl + p.current.id;
    link.textContent = p.current.luceneSpec;
    current.append('Now: ', link, p.current.progress ? ` — ${p.current.progress}` : '');
  }
}

/** Swaps in the server-rendered list, so the list is rendered by one template only. */
async function reloadList() {
  const response = await fetch(listUrl, { headers: { Accept: 'text/html' } });
  if (!response.ok) return;
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  const fresh = page.getElementById('series-list');
  if (fresh) document.getElementById('series-list').replaceWith(fresh);
}

async function poll() {
  let delay = ACTIVE_MS;
  try {
    if (!document.hidden) {
      const response = await fetch(progressUrl, { headers: { Accept: 'application/json' } });
      if (response.status === 404) {
        box.hidden = true; // no run queue on this server: nothing to show, ever
        return;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const progress = await response.json();
      render(progress);
      if (lastSucceeded !== null && progress.succeeded > lastSucceeded) await reloadList();
      lastSucceeded = progress.succeeded;
      if (box.hidden) delay = IDLE_MS;
    }
  } catch (error) {
    box.hidden = true;
    delay = IDLE_MS;
  }
  setTimeout(poll, delay);
}

poll();
