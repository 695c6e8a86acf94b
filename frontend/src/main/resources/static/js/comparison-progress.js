// A queued or running comparison's page follows it: the state line and the bar move with the
// worker's steps ("search baseline JVM 3/10 (step 7 of 46)"), and the page reloads once it has
// ended, so the verdicts are drawn by the one server-side template.

const POLL_MS = 2000;
const STEP = /\(step (\d+) of (\d+)\)/;

const bar = document.getElementById('comparison-progress');
const state = document.getElementById('comparison-state');

function render(comparison) {
  const status = comparison.status.toLowerCase();
  state.textContent = status + (comparison.progress ? `: ${comparison.progress}` : '');
  const step = STEP.exec(comparison.progress ?? '');
  if (step) {
    bar.max = Number(step[2]);
    bar.value = Number(step[1]) - 1; // the step named is still running
  }
  return status === 'queued' || status === 'running';
}

async function poll() {
  try {
    const response = await fetch(bar.dataset.url, { headers: { Accept: 'application/json' } });
    if (response.ok && !render(await response.json())) {
      window.location.reload();
      return;
    }
  } catch (error) {
    // A restarting server: try again on the next tick.
  }
  setTimeout(poll, POLL_MS);
}

setTimeout(poll, POLL_MS);
