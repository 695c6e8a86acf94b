// Draws one series (div#chart) as a Dygraphs chart with its ±1σ band. The page renders at once;
// the points come from the JSON API, so the API and the page can never disagree.
/* global Dygraph */

const X = 0, VALUE = 1, STDDEV = 2, RUN_ID = 3, LUCENE_SPEC = 4, LUCENE_VERSION = 5;

/** Four significant digits, whole numbers from 1000 up: the same as the server's ValueFormat. */
export function formatValue(v) {
  if (v == null) return '';
  if (!Number.isFinite(v)) return String(v);
  if (Math.abs(v) >= 1000) return Math.round(v).toLocaleString('en-US');
  return String(Number(v.toPrecision(4)));
}

function formatDate(ms) {
  return new Date(ms).toISOString().slice(0, 10);
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`);
}

function lucene(point) {
  const version = point[LUCENE_VERSION];
  return version ? `Lucene ${version} (${point[LUCENE_SPEC]})` : point[LUCENE_SPEC];
}

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
function commits(runApiUrl) {
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
function fillCommit(legend, points, i, webUrl, commitOf) {
  const runId = points[i][RUN_ID];
  Promise.all([commitOf(runId), i > 0 ? commitOf(points[i - 1][RUN_ID]) : null])
    .then(([sha, previous]) => {
      const slot = legend.querySelector(`.commit-slot[data-run="${runId}"]`);
      if (slot) slot.innerHTML = commitHtml(sha, previous, webUrl);
    });
}

function isGitPoint(point) {
  return String(point[LUCENE_SPEC]).startsWith('git:');
}

function describe(points, i, unit) {
  const point = points[i];
  const sigma = point[STDDEV] == null ? '' : ` ± ${formatValue(point[STDDEV])}`;
  const commit = isGitPoint(point) ? `<span class="commit-slot" data-run="${point[RUN_ID]}"></span>` : '';
  return `<strong>${formatValue(point[VALUE])}${sigma}</strong> ${escapeHtml(unit)}`
    + ` · ${escapeHtml(lucene(point))}${commit}`
    + ` · ${formatDate(point[X])} · run ${point[RUN_ID]}`;
}

function overview(points, unit) {
  const last = points[points.length - 1];
  const span = points.length === 1
    ? '1 point'
    : `${points.length} points, ${formatDate(points[0][X])} to ${formatDate(last[X])}`;
  return `${span}. Latest: ${describe(points, points.length - 1, unit)}`;
}

/** Numeric, part by part: 9.12.3 < 10.0.0, which a string sort gets wrong. */
export function compareVersions(a, b) {
  const pa = a.split(/[.-]/), pb = b.split(/[.-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = Number.parseInt(pa[i] ?? '0', 10), y = Number.parseInt(pb[i] ?? '0', 10);
    if (x !== y) return (Number.isNaN(x) ? 0 : x) - (Number.isNaN(y) ? 0 : y);
  }
  return 0;
}

/** Releases are best read in version order: a 9.x patch can be released after 10.0. */
function isReleaseSeries(points) {
  return points.every(p => p[LUCENE_VERSION] && String(p[LUCENE_SPEC]).startsWith('maven:'));
}

function draw(element, legend, allPoints, byRelease, commitOf) {
  const { metric, unit, runUrl, luceneWebUrl } = element.dataset;
  const points = byRelease
    ? [...allPoints].sort((a, b) => compareVersions(a[LUCENE_VERSION], b[LUCENE_VERSION]))
    : allPoints;
  // Dygraphs' error bars take [value, stddev] pairs; a point without a stddev gets no band.
  const data = points.map((p, i) => [byRelease ? i : new Date(p[X]), [p[VALUE], p[STDDEV] ?? 0]]);
  element.replaceChildren();
  const week = 7 * 24 * 3600 * 1000;
  const releaseLabel = i => (Number.isInteger(i) && points[i] ? points[i][LUCENE_VERSION] : '');
  return new Dygraph(element, data, {
    // A lone point has no x range of its own: give it some room instead of the edge.
    dateWindow: points.length !== 1 ? null
      : byRelease ? [-1, 1] : [points[0][X] - week, points[0][X] + week],
    labels: [byRelease ? 'Release' : 'Date', metric],
    errorBars: true,
    sigma: 1,
    fillAlpha: 0.2,
    colors: ['#1a5fb4'],
    strokeWidth: 1.5,
    drawPoints: true,
    pointSize: 2,
    highlightCircleSize: 4.5,
    labelsUTC: true,
    xRangePad: 8, // keeps the first and last points (and their circles) off the axes
    yRangePad: 8,
    ylabel: `${metric} (${unit})`,
    axes: {
      y: { valueFormatter: formatValue, axisLabelFormatter: formatValue, axisLabelWidth: 64 },
      ...(byRelease ? { x: { axisLabelFormatter: releaseLabel, valueFormatter: releaseLabel, pixelsPerLabel: 48 } } : {}),
    },
    gridLineColor: '#e3e6ea',
    showRangeSelector: points.length > 1,
    rangeSelectorHeight: 36,
    rangeSelectorPlotFillColor: '#a9c4e8',
    rangeSelectorPlotStrokeColor: '#1a5fb4',
    labelsDiv: legend,
    legend: 'always',
    // Keep the hovered point's legend when the mouse leaves for it: its commit links must be clickable.
    hideOverlayOnMouseOut: false,
    legendFormatter(legendData) {
      const row = legendData.dygraph.getSelection();
      const shown = legendData.x == null || row < 0 ? points.length - 1 : row;
      // Dygraphs puts the returned HTML in the legend after this returns; the commit comes later.
      if (isGitPoint(points[shown])) {
        queueMicrotask(() => fillCommit(legend, points, shown, luceneWebUrl, commitOf));
      }
      return shown === row ? describe(points, row, unit) : overview(points, unit);
    },
    pointClickCallback(event, point) {
      window.location.href = runUrl + points[point.idx][RUN_ID];
    },
  });
}

async function main() {
  const element = document.getElementById('chart');
  const legend = document.getElementById('chart-legend');
  try {
    const response = await fetch(element.dataset.pointsUrl, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const { points } = await response.json();
    if (points.length === 0) {
      element.innerHTML = '<p class="muted">No points yet: this series has not been measured.</p>';
      legend.textContent = '';
      return;
    }
    const commitOf = commits(element.dataset.runApiUrl);
    const toggle = document.getElementById('chart-x');
    let byRelease = isReleaseSeries(points);
    const render = () => {
      // Exposed for people poking at the page and for the browser test.
      window.nightbenchChart?.destroy();
      window.nightbenchChart = draw(element, legend, points, byRelease, commitOf);
      if (toggle) toggle.textContent = byRelease ? 'x: release order (show dates)' : 'x: date (show release order)';
    };
    if (toggle && isReleaseSeries(points)) {
      toggle.hidden = false;
      toggle.addEventListener('click', () => { byRelease = !byRelease; render(); });
    }
    render();
    // For the speed benchmark: when the first chart was on the screen, from navigation start.
    performance.mark('nightbench-chart-drawn');
  } catch (error) {
    element.innerHTML = '<p class="error">The points could not be loaded.</p>';
    console.error(error);
  }
}

main();
