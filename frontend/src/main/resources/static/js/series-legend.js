// The series chart's legend: a point described in one line, with its commit fetched when shown.
// A library: importing it runs nothing.
import { escapeHtml, formatDate, formatValue, formatSigma } from './format.js';
import { RUN_ID, STDDEV, VALUE, X, disturbedReason, lucene, mayHaveCommit } from './series-points.js';

/**
 * The short sha of a point's commit, linked to it, and a link to the commits between the previous
 * point's commit (in the order drawn) and this one; empty for points not built from git.
 */
export function commitHtml(sha, previous, webUrl) {
  if (!sha) return '';
  const short = escapeHtml(sha.slice(0, 7));
  if (!webUrl) return ` · ${short}`;
  const shaLink = `<a href="${escapeHtml(`${webUrl}/commit/${sha}`)}">${short}</a>`;
  const changes = previous && previous !== sha
    ? ` (<a class="compare" href="${escapeHtml(`${webUrl}/compare/${previous}...${sha}`)}">changes since ${escapeHtml(previous.slice(0, 7))}</a>)`
    : '';
  return ` · ${shaLink}${changes}`;
}

/**
 * A run's commit, asked of the runs API once per run: the points leave commits out, since forty
 * random hex digits a night would be most of a long series' bytes.
 */
export function commits(runApiUrl) {
  const cache = new Map();
  return runId => {
    if (!cache.has(runId)) {
      cache.set(runId, fetch(runApiUrl + runId, { headers: { Accept: 'application/json' } })
        .then(response => (response.ok ? response.json() : null))
        .then(run => run?.commitSha ?? null)
        .catch(() => null));
    }
    return cache.get(runId);
  };
}

/** Fills the legend's commit slot for point i once its commit (and the previous one's) is known. */
export function fillCommit(legend, points, i, webUrl, commitOf) {
  const runId = points[i][RUN_ID];
  Promise.all([commitOf(runId), i > 0 ? commitOf(points[i - 1][RUN_ID]) : null])
    .then(([sha, previous]) => {
      const slot = legend.querySelector(`.commit-slot[data-run="${runId}"]`);
      if (slot) slot.innerHTML = commitHtml(sha, previous, webUrl);
    });
}

/** Point i in one line: value ± σ, Lucene, a slot for its commit, date and run. */
export function describe(points, i, unit) {
  const point = points[i];
  const sigma = point[STDDEV] == null ? '' : ` ± ${formatSigma(point[STDDEV])}`;
  const commit = mayHaveCommit(point) ? `<span class="commit-slot" data-run="${point[RUN_ID]}"></span>` : '';
  const reason = disturbedReason(point);
  const disturbed = reason == null ? ''
    : ` · <em class="disturbed-note">machine disturbed, not judged: ${escapeHtml(reason)}</em>`;
  return `<strong>${formatValue(point[VALUE])}${sigma}</strong> ${escapeHtml(unit)}`
    + ` · ${escapeHtml(lucene(point))}${commit}`
    + ` · ${formatDate(point[X])} · run ${point[RUN_ID]}${disturbed}`;
}

/**
 * The legend's key for hollow grey points, when any series drawn has one: how many, and what they
 * mean. Empty when none is disturbed.
 */
export function disturbedKey(seriesList) {
  const n = seriesList.reduce((sum, series) => sum + series.points.filter(p => disturbedReason(p) != null).length, 0);
  if (n === 0) return '';
  return `<br><span class="disturbed-key"><span class="disturbed-ring" aria-hidden="true"></span>`
    + ` ${n === 1 ? '1 point' : `${n} points`} on a disturbed machine (its calibration moved):`
    + ' drawn hollow, left out of detection; hover one for why</span>';
}

/** The legend while nothing is hovered: how many points over which dates, and the latest. */
export function overview(points, unit) {
  const last = points[points.length - 1];
  const span = points.length === 1
    ? '1 point'
    : `${points.length} points, ${formatDate(points[0][X])} to ${formatDate(last[X])}`;
  return `${span}. Latest: ${describe(points, points.length - 1, unit)}`;
}

/** The legend's offer to annotate the point it describes: its run and date ride on the link. */
export function annotateLink(point) {
  return ` · <a href="#" class="annotate" data-run="${Number(point[RUN_ID])}" data-x="${Number(point[X])}">annotate</a>`;
}

/**
 * The legend's door to what changed since the point it describes: the digest from its run to the
 * series' latest (every series the two runs measured, judged as a night is). Empty for the latest
 * point itself, or where the page has no digest.
 */
export function sinceLink(points, i, digestUrl) {
  const last = points[points.length - 1];
  if (!digestUrl || i >= points.length - 1 || points[i][RUN_ID] === last[RUN_ID]) return '';
  const href = `${digestUrl}?from=${Number(points[i][RUN_ID])}&to=${Number(last[RUN_ID])}`;
  return ` · <a class="since-point" href="${escapeHtml(href)}">since this point</a>`;
}
