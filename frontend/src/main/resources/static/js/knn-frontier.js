// Recall against latency over the fanouts: recall on y from 0 to 1, latency on x, each point
// labelled with its fanout, and a legend that stays put. One curve per (format, night): the KNN
// page draws a format's frontier on two nights, the run page a format's curve of one run.
// A library: importing it runs nothing.
/* global Dygraph */
import { escapeHtml, formatValue } from './format.js';

/** A curve's dashes: none for the first night, dashes for the one it is compared with. */
export const COMPARED_PATTERN = [6, 4];

/**
 * The legend that does not move: a swatch (colour and dashes) and a name per curve. Hovered
 * values go to a line of their own under it, so the chart never shifts under the mouse.
 */
export function frontierKey(curves) {
  return `<ul class="frontier-key">${curves.map(c => {
    const dash = c.pattern ? ` stroke-dasharray="${c.pattern.join(' ')}"` : '';
    return `<li><svg width="28" height="10" aria-hidden="true" focusable="false">`
      + `<line x1="1" y1="5" x2="27" y2="5" stroke="${c.color}" stroke-width="2.5"${dash}/></svg> `
      + `${escapeHtml(c.label)}</li>`;
  }).join('')}</ul>`;
}

/**
 * Draws {@code curves} into {@code element}, each {label, color, pattern (a dash array or null),
 * points: [{latency, recall, fanout}]}, its fixed key into {@code key} and the hovered point into
 * {@code values}. Returns the Dygraph, with the fanout labels it drew as {@code fanoutLabels} and
 * each curve's fanouts in the order its line joins them as {@code joinedFanouts}.
 */
export function drawFrontier(element, key, values, curves, { xLabel = 'mean latency per query (ms)', yLabel = 'recall' } = {}) {
  const xs = [...new Set(curves.flatMap(c => c.points.map(p => p.latency)))].sort((a, b) => a - b);
  const row = new Map(xs.map((x, i) => [x, i]));
  const data = xs.map(x => [x, ...curves.map(() => null)]);
  const fanoutAt = curves.map(() => new Map());
  curves.forEach((curve, s) => curve.points.forEach(p => {
    const r = row.get(p.latency);
    data[r][s + 1] = p.recall;
    fanoutAt[s].set(r, p.fanout);
  }));
  const labels = curves.map(c => c.label);
  key.innerHTML = frontierKey(curves);
  const drawnLabels = [];
  // The fanout beside each point, in its curve's colour: above for the first night, below for
  // the compared one, so two nights' labels at nearby points stay apart.
  const fanoutPlotter = e => {
    const s = labels.indexOf(e.setName);
    if (s < 0) return;
    const ctx = e.drawingContext;
    ctx.save();
    ctx.fillStyle = curves[s].color;
    ctx.font = '11px system-ui, sans-serif';
    ctx.textAlign = 'left';
    const below = Boolean(curves[s].pattern);
    const right = e.plotArea.x + e.plotArea.w;
    for (const point of e.points) {
      const fanout = fanoutAt[s].get(point.idx);
      if (fanout == null || point.y == null || Number.isNaN(point.canvasy)) continue;
      // Left of the point near the right edge, so the label stays inside the chart.
      const text = String(fanout);
      const leftward = point.canvasx + 5 + ctx.measureText(text).width > right;
      ctx.textAlign = leftward ? 'right' : 'left';
      ctx.fillText(text, point.canvasx + (leftward ? -5 : 5), point.canvasy + (below ? 13 : -5));
      drawnLabels.push({ curve: curves[s].label, fanout });
    }
    ctx.restore();
  };
  // Each curve joined in fanout order, not latency order: a quantized format (int7) can answer a
  // larger fanout faster, and joining by latency would zigzag between fanouts. Dygraphs draws the
  // points (its own lines are off: strokeWidth 0); this draws the lines, and keeps their order.
  const joined = curves.map(() => []);
  const fanoutLinePlotter = e => {
    const s = labels.indexOf(e.setName);
    if (s < 0) return;
    const points = e.points
      .filter(p => p.y != null && !Number.isNaN(p.canvasy) && fanoutAt[s].has(p.idx))
      .sort((a, b) => fanoutAt[s].get(a.idx) - fanoutAt[s].get(b.idx));
    joined[s] = points.map(p => fanoutAt[s].get(p.idx));
    const ctx = e.drawingContext;
    ctx.save();
    ctx.strokeStyle = curves[s].color;
    ctx.lineWidth = 1.5;
    ctx.setLineDash(curves[s].pattern ?? []);
    ctx.beginPath();
    points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.canvasx, p.canvasy) : ctx.lineTo(p.canvasx, p.canvasy)));
    ctx.stroke();
    ctx.restore();
  };
  element.replaceChildren();
  element.setAttribute('role', 'img');
  element.setAttribute('aria-label', `${yLabel} against ${xLabel}: ${labels.join('; ')}; the points are in the table below`);
  const graph = new Dygraph(element, data, {
    labels: [xLabel, ...labels],
    colors: curves.map(c => c.color),
    series: Object.fromEntries(curves.map(c => [c.label, { strokePattern: c.pattern ?? null }])),
    plotter: [fanoutLinePlotter, Dygraph.Plotters.linePlotter, fanoutPlotter],
    // Recall from 0 to 1, with room over 1 for the top tick and the labels of points near it.
    valueRange: [0, 1.05],
    connectSeparatedPoints: true,
    drawPoints: true,
    pointSize: 3,
    strokeWidth: 0,
    highlightCircleSize: 5,
    xRangePad: 24,
    xlabel: xLabel,
    ylabel: yLabel,
    axes: {
      x: { valueFormatter: v => `${formatValue(v)} ms`, axisLabelFormatter: formatValue },
      y: { valueFormatter: formatValue, axisLabelFormatter: formatValue, axisLabelWidth: 44 },
    },
    gridLineColor: '#e3e6ea',
    // Each drawing labels its points again: keep only the last drawing's.
    underlayCallback() { drawnLabels.length = 0; },
    labelsDiv: values,
    legend: 'always',
    legendFormatter(d) {
      if (d.x == null) return 'Hover a point for its recall, latency and fanout.';
      const r = row.get(d.x);
      return d.series.filter(s => s.y != null).map(s => {
        const c = labels.indexOf(s.label);
        return `<span class="legend-series" style="color:${curves[c].color}">${escapeHtml(s.label)}</span>: `
          + `recall ${formatValue(s.y)} at ${formatValue(d.x)} ms, fanout ${fanoutAt[c].get(r)}`;
      }).join('<br>');
    },
  });
  graph.fanoutLabels = drawnLabels;
  graph.joinedFanouts = joined;
  return graph;
}

/** The curves' points as table rows: curve, fanout, recall, latency. */
export function frontierRows(curves) {
  return curves.flatMap(c => c.points.map(p => `<tr><td>${escapeHtml(c.label)}</td><td class="num">${p.fanout}</td>`
    + `<td class="num">${formatValue(p.recall)}</td><td class="num">${formatValue(p.latency)}</td></tr>`)).join('');
}
