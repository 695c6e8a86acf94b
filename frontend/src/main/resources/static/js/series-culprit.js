// What the series page offers, beside each detected change point, to find the commit behind it: a
// bisect between the commits of the points on either side when both runs recorded one (git: runs,
// and releases from their jar's manifest or tag), else one line saying why there is none. The
// bisect service refuses exactly the ends this says no to. A library: importing it runs nothing.
import { escapeHtml } from './format.js';

/** The offer for change point {@code cp}, given its run's and the previous point's commit (or null). */
export function culpritHtml(cp, sha, previous, bisectsUrl, webUrl) {
  if (cp.previousRunId == null) return ' · <span class="muted no-bisect">no point before it to bisect from</span>';
  const missing = !previous ? cp.previousRunId : !sha ? cp.runId : null;
  if (missing != null) {
    return ` · <span class="muted no-bisect">no bisect: run ${Number(missing)} recorded no commit`
      + ' (a release measured before releases recorded theirs, or whose jar names none)</span>';
  }
  const range = `${previous.slice(0, 7)}…${sha.slice(0, 7)}`;
  const compare = webUrl
    ? ` · <a class="compare" href="${escapeHtml(`${webUrl}/compare/${previous}...${sha}`)}">changes ${escapeHtml(range)}</a>`
    : '';
  return `${compare} · <a class="bisect-offer" href="${escapeHtml(`${bisectsUrl}?changePointId=${Number(cp.id)}`)}">`
    + `find the culprit: bisect ${escapeHtml(range)}</a>`;
}

/** Adds the offer to each change point listed in {@code section}, once the runs' commits are known. */
export function offerCulprits(section, changePoints, commitOf, bisectsUrl, webUrl) {
  for (const cp of changePoints) {
    const item = section.querySelector(`li.change-point[data-run="${Number(cp.runId)}"]`);
    if (!item) continue;
    let slot = item.querySelector('.culprit');
    if (!slot) {
      slot = document.createElement('span');
      slot.className = 'culprit';
      item.append(slot);
    }
    Promise.all([commitOf(cp.runId), cp.previousRunId == null ? null : commitOf(cp.previousRunId)])
      .then(([sha, previous]) => { slot.innerHTML = culpritHtml(cp, sha, previous, bisectsUrl, webUrl); });
  }
}
