// A running bisect's page follows it: the progress line ("probe 2 of about 4; range 5 commits")
// changes with each probe, and the page reloads when a probe is judged or the bisect ends, so the
// probes' table and the result are drawn by the one server-side template.

const POLL_MS = 3000;

const line = document.getElementById('bisect-progress');

function key(view) {
  return `${view.bisect.state}:${view.probes.length}:${view.probes.filter((p) => p.verdict).length}`;
}

const seen = line.dataset.key;

async function poll() {
  try {
    const response = await fetch(line.dataset.url, { headers: { Accept: 'application/json' } });
    if (response.ok) {
      const view = await response.json();
      line.textContent = view.progress ?? view.bisect.state;
      if (key(view) !== seen) {
        window.location.reload();
        return;
      }
    }
  } catch (error) {
    // A restarting server: try again on the next tick.
  }
  setTimeout(poll, POLL_MS);
}

setTimeout(poll, POLL_MS);
