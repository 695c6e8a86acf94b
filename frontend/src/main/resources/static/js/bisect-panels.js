// The running bisects shown on the alerts and series pages follow their walk: each panel's progress
// line and range change with each probe. The page is not reloaded (an editor may be ticking alerts);
// once a bisect ends, its panel says so and links the result.

const POLL_MS = 5000;

async function follow(panel) {
  try {
    const response = await fetch(panel.dataset.url, { headers: { Accept: 'application/json' } });
    if (response.ok) {
      const view = await response.json();
      panel.querySelector('.bisect-state').textContent = view.bisect.state;
      if (view.bisect.state !== 'running') {
        const progress = panel.querySelector('.bisect-progress');
        progress.textContent = 'ended: reload the page for its result';
        return;
      }
      panel.querySelector('.bisect-progress').textContent = view.progress;
      panel.querySelector('.bisect-range').textContent =
        `${view.good.sha.slice(0, 7)}..${view.bad.sha.slice(0, 7)}`;
    }
  } catch (error) {
    // A restarting server: try again on the next tick.
  }
  setTimeout(() => follow(panel), POLL_MS);
}

for (const panel of document.querySelectorAll('.bisect-panel[data-url]')) {
  setTimeout(() => follow(panel), POLL_MS);
}
