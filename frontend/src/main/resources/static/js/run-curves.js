// Draws each curve a run measured inside its JVMs (reopen latency against time, latency
// percentiles against offered load) from the run's curve API, one Dygraphs chart per curve.
/* global Dygraph */
import { formatValue } from './format.js';

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
}

document.querySelectorAll('.curve-chart').forEach(div => {
  draw(div).catch(e => { div.textContent = `Could not draw the curve: ${e.message}`; });
});
