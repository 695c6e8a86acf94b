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

function describe(point, unit) {
  const sigma = point[STDDEV] == null ? '' : ` ± ${formatValue(point[STDDEV])}`;
  return `<strong>${formatValue(point[VALUE])}${sigma}</strong> ${escapeHtml(unit)}`
    + ` · ${escapeHtml(lucene(point))} · ${formatDate(point[X])} · run ${point[RUN_ID]}`;
}

function overview(points, unit) {
  const last = points[points.length - 1];
  const span = points.length === 1
    ? '1 point'
    : `${points.length} points, ${formatDate(points[0][X])} to ${formatDate(last[X])}`;
  return `${span}. Latest: ${describe(last, unit)}`;
}

function draw(element, legend, points) {
  const { metric, unit, runUrl } = element.dataset;
  // Dygraphs' error bars take [value, stddev] pairs; a point without a stddev gets no band.
  const data = points.map(p => [new Date(p[X]), [p[VALUE], p[STDDEV] ?? 0]]);
  element.replaceChildren();
  const week = 7 * 24 * 3600 * 1000;
  return new Dygraph(element, data, {
    // A lone point has no x range of its own: give it a fortnight around it instead of the edge.
    dateWindow: points.length === 1 ? [points[0][X] - week, points[0][X] + week] : null,
    labels: ['Date', metric],
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
    axes: { y: { valueFormatter: formatValue, axisLabelFormatter: formatValue, axisLabelWidth: 64 } },
    gridLineColor: '#e3e6ea',
    showRangeSelector: points.length > 1,
    rangeSelectorHeight: 36,
    rangeSelectorPlotFillColor: '#a9c4e8',
    rangeSelectorPlotStrokeColor: '#1a5fb4',
    labelsDiv: legend,
    legend: 'always',
    legendFormatter(legendData) {
      const row = legendData.dygraph.getSelection();
      return legendData.x == null || row < 0 ? overview(points, unit) : describe(points[row], unit);
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
    // Exposed for people poking at the page and for the browser test.
    window.nightbenchChart = draw(element, legend, points);
  } catch (error) {
    element.innerHTML = '<p class="error">The points could not be loaded.</p>';
    console.error(error);
  }
}

main();
