// Draws each curve a run measured inside its JVMs (reopen latency against time, latency
// percentiles against offered load, recall against latency over the fanouts) from the run's
// curve API, one Dygraphs chart per curve.
/* global Dygraph */
import { escapeHtml, formatValue } from './format.js';
import { drawFrontier } from './knn-frontier.js';
import { COLORS } from './series-chart.js';

/**
 * A KNN format's recall against latency ([latency, recall, fanout] rows): recall on y from 0 to
 * 1, latency on x, the fanouts as the points' labels, a key that stays put.
 */
function drawRecallCurve(div, rows, labels) {
  const key = document.createElement('div');
  const values = document.createElement('div');
  values.className = 'frontier-values';
  div.before(key, values);
  const curve = {
    label: div.dataset.curveLabel || labels[0],
    color: COLORS[0],
    pattern: null,
    points: rows.map(([latency, recall, fanout]) => ({ latency, recall, fanout })),
  };
  div.chart = drawFrontier(div, key, values, [curve], { xLabel: div.dataset.xLabel, yLabel: labels[0] });
}

async function draw(div) {
  const response = await fetch(div.dataset.url);
  if (!response.ok) {
    div.textContent = `Could not load the curve (${response.status}).`;
    return;
  }
  const rows = await response.json();
  if (rows.length === 0) {
    div.textContent = 'No data.';
    return;
  }
  const labels = div.dataset.labels.split('|');
  if (labels.length === 2 && labels[1] === 'fanout') {
    drawRecallCurve(div, rows, labels);
    div.dataset.drawn = 'true';
    div.insertAdjacentElement('afterend', pointsTable(div.dataset.xLabel, labels, rows));
    return;
  }
  const isLoadCurve = div.dataset.xLabel.startsWith('target');
  div.chart = new Dygraph(div, rows, {
    labels: [div.dataset.xLabel, ...labels],
    xlabel: div.dataset.xLabel,
    // Latency against offered load spans decades near capacity; a log axis keeps the knee visible.
    logscale: isLoadCurve,
    drawPoints: true,
    pointSize: 2,
    strokeWidth: isLoadCurve ? 1.5 : 0.8,
    connectSeparatedPoints: true,
    legend: 'follow',
    axes: { y: { valueFormatter: formatValue, axisLabelFormatter: formatValue } },
  });
  div.dataset.drawn = 'true';
  div.setAttribute('role', 'img');
  div.setAttribute('aria-label', `${labels.join(', ')} against ${div.dataset.xLabel}: ${rows.length} points, listed in the table below`);
  div.insertAdjacentElement('afterend', pointsTable(div.dataset.xLabel, labels, rows));
}

/** The curve's points as a table in a <details> under it: every value for the keyboard and screen readers. */
function pointsTable(xLabel, labels, rows) {
  const details = document.createElement('details');
  details.className = 'chart-points';
  const head = [xLabel, ...labels].map(l => `<th class="num">${escapeHtml(l)}</th>`).join('');
  details.innerHTML = `<summary>The ${rows.length} points as a table</summary>`
    + `<div class="table-scroll" tabindex="0" role="region" aria-label="${escapeHtml(labels.join(', '))}">`
    + `<table class="series-table"><thead><tr>${head}</tr></thead><tbody></tbody></table></div>`;
  // Filled when first opened: a long curve costs nothing until then.
  details.addEventListener('toggle', () => {
    const body = details.querySelector('tbody');
    if (!details.open || body.childElementCount > 0) return;
    body.innerHTML = rows.map(r => `<tr>${r.map(v => `<td class="num">${v == null ? '–' : formatValue(v)}</td>`).join('')}</tr>`).join('');
  });
  return details;
}

document.querySelectorAll('.curve-chart').forEach(div => {
  draw(div).catch(e => { div.textContent = `Could not draw the curve: ${e.message}`; });
});
