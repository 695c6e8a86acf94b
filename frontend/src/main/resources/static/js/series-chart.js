// Draws series as one Dygraphs chart: each with its ±1σ band, the annotations' letters, the
// detected change points, the expected changes, greyed, the nights left out of detection and,
// hollow grey, the runs on a disturbed machine. A library: importing it runs nothing;
// series-page.js draws the page's.
/* global Dygraph */
import { driftText, escapeHtml, formatDate, formatValue } from './format.js';
import { annotateLink, describe, disturbedKey, fillCommit, overview, sinceLink } from './series-legend.js';
import { LUCENE_VERSION, RUN_ID, STDDEV, VALUE, X, compareVersions, disturbedReason, mayHaveCommit } from './series-points.js';

/**
 * The ±1σ band as one polygon per unbroken stretch, at most two vertices per pixel column.
 * Dygraphs' own error plotter fills one four-sided subpath per point pair: at 5,500 points that
 * single fill took most of a chart's drawing time, while the band looks the same either way.
 */
export function bandPlotter(e) {
  const ctx = e.drawingContext;
  const { h, y: top } = e.plotArea;
  const rgb = Dygraph.toRGB_(e.color);
  const alpha = e.dygraph.getNumericOption('fillAlpha', e.setName);
  ctx.fillStyle = `rgba(${rgb.r},${rgb.g},${rgb.b},${alpha})`;
  ctx.beginPath();
  let upper = [], lower = [];
  const flush = () => {
    if (upper.length > 1) {
      ctx.moveTo(upper[0], upper[1]);
      for (let i = 2; i < upper.length; i += 2) ctx.lineTo(upper[i], upper[i + 1]);
      for (let i = lower.length - 2; i >= 0; i -= 2) ctx.lineTo(lower[i], lower[i + 1]);
      ctx.closePath();
    }
    upper = []; lower = [];
  };
  let column = NaN;
  for (const point of e.points) {
    if (point.y == null || Number.isNaN(point.y)) {
      if (!e.dygraph.getBooleanOption('connectSeparatedPoints', e.setName)) flush();
      continue;
    }
    const hi = top + h * (Number.isNaN(point.y_top) ? point.y : point.y_top);
    const lo = top + h * (Number.isNaN(point.y_bottom) ? point.y : point.y_bottom);
    const x = Math.round(point.canvasx);
    if (x === column) { // same pixel column: widen it instead of adding vertices
      upper[upper.length - 1] = Math.min(upper[upper.length - 1], hi);
      lower[lower.length - 1] = Math.max(lower[lower.length - 1], lo);
    } else {
      upper.push(x, hi);
      lower.push(x, lo);
      column = x;
    }
  }
  flush();
  ctx.fill();
}

/**
 * Greys the page's own points that detection leaves out, drawn over the line: a grey dot with a
 * white ring, whether or not the other dots are drawn.
 */
function excludedPlotter(label, isExcluded) {
  return e => {
    if (e.setName !== label) return;
    const ctx = e.drawingContext;
    ctx.save();
    ctx.fillStyle = EXCLUDED_GREY;
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 1.5;
    for (const point of e.points) {
      if (point.y == null || Number.isNaN(point.canvasy) || !isExcluded(point.idx)) continue;
      ctx.beginPath();
      ctx.arc(point.canvasx, point.canvasy, 4.5, 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
    }
    ctx.restore();
  };
}

/** The grey of an excluded night's dot (the browser tests read it off the canvas). */
export const EXCLUDED_GREY = '#8f8f8f';

/**
 * Draws the points of runs on a disturbed machine as hollow grey rings over the line, in every
 * series drawn ({@code isDisturbed(setName, row)}): a filled dot would read as a measurement of
 * Lucene, and these measured the box.
 */
function disturbedPlotter(isDisturbed) {
  return e => {
    const ctx = e.drawingContext;
    ctx.save();
    ctx.fillStyle = '#ffffff';
    ctx.strokeStyle = DISTURBED_GREY;
    ctx.lineWidth = 2;
    for (const point of e.points) {
      if (point.y == null || Number.isNaN(point.canvasy) || !isDisturbed(e.setName, point.idx)) continue;
      ctx.beginPath();
      ctx.arc(point.canvasx, point.canvasy, 4.5, 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
    }
    ctx.restore();
  };
}

/** The ring of a disturbed run's hollow point (the browser tests read it off the canvas). */
export const DISTURBED_GREY = '#8f8f8f';

/** Years as "2026", not "Jan 2026": fifteen of them fit a chart's width without running together. */
function dateTick(date, granularity, opts) {
  return granularity >= Dygraph.Granularity.ANNUAL
    ? String(date.getUTCFullYear())
    : Dygraph.dateAxisLabelFormatter(date, granularity, opts);
}

/** One colour per series drawn, the page's own first. */
// No red and no green: on this chart they mean worse and better (the change points' lines). Each
// is at least 4.5:1 against white, as the legend writes series' names in them.
export const COLORS = ['#1a5fb4', '#c64600', '#813d9c', '#0b6e85', '#866200', '#5e5c64'];

/**
 * Change points' lines: at least 3:1 against white and 3:1 apart, and told apart without colour
 * by their dashes and the arrow on top (▼ worse, ▲ better).
 */
export const REGRESSION_COLOR = '#7a0d1c';
export const IMPROVEMENT_COLOR = '#2f9e6e';
const WEEK = 7 * 24 * 3600 * 1000;

/**
 * One row per distinct x over every series drawn: Dygraphs wants one x column. Each row keeps,
 * per series, the index of its point at that x (or -1).
 */
export function mergeRows(seriesList) {
  const byX = new Map();
  seriesList.forEach((series, s) => {
    series.points.forEach((point, i) => {
      if (!byX.has(point[X])) byX.set(point[X], new Array(seriesList.length).fill(-1));
      byX.get(point[X])[s] = i;
    });
  });
  return [...byX.entries()].sort((a, b) => a[0] - b[0]).map(([x, at]) => ({ x, at }));
}

/** The row an annotation or change point belongs on: its run's, else the first at or after it. */
function rowFor(rows, primary, runId, atMs) {
  const byRun = rows.findIndex(row => row.at[0] >= 0 && primary.points[row.at[0]][RUN_ID] === runId);
  if (byRun >= 0) return byRun;
  const after = rows.findIndex(row => row.at[0] >= 0 && row.x >= atMs);
  return after >= 0 ? after : rows.length - 1;
}

/**
 * The annotations' letters, set by a plugin: plugins start before the first drawing, so letters
 * set here cost no second drawing of the chart.
 */
function annotationPlugin(letters) {
  return { activate(g) { g.setAnnotations(letters, true); return {}; } };
}

/** The automatic annotation's kind where a series' settings or measuring version changed. */
const SEGMENT_KIND = 'benchmark-changed';

/**
 * A new segment of the series (other settings, or another harness measuring version): a solid
 * dark line the whole height, the annotation's letter naming what changed. It is one line with the
 * rest, only marked: the numbers either side measured different benchmarks. What was drawn is kept
 * on the graph ({@code g.segmentBoundaries}: runId and x) for whoever reads it without its pixels.
 */
function drawSegmentBoundaries(canvas, area, g, boundaries) {
  const drawn = [];
  for (const boundary of boundaries) {
    const x = g.toDomXCoord(boundary.x);
    if (x < area.x || x > area.x + area.w) continue;
    canvas.save();
    canvas.strokeStyle = '#241f31';
    canvas.lineWidth = 2;
    canvas.beginPath();
    canvas.moveTo(x, area.y);
    canvas.lineTo(x, area.y + area.h);
    canvas.stroke();
    canvas.restore();
    drawn.push({ runId: boundary.runId, x });
  }
  g.segmentBoundaries = drawn;
}

/**
 * Draws {@code view} into {@code element}, its legend into {@code legend}; returns the Dygraph.
 * The view: the series (the page's first), x by release or date, log scale, annotations, change
 * points, the commit lookup, the zoom window and its listener, whether the legend offers to
 * annotate, and the detection marks ({@code marks}: {@code excluded}, a Set of run ids, and
 * {@code expected}, [{runId, x}]) with the legend's links for them ({@code markLinks(point)}), and
 * {@code onView(range)}, told the visible dates ([from, to] in ms, null for all of them) whenever
 * they change. The graph's {@code showAnnotations(list)} sets other annotations' letters.
 */
export function draw(element, legend, view) {
  const { unit, runUrl, luceneWebUrl } = element.dataset;
  const { seriesList, byRelease, logscale, annotations, changePoints, commitOf, editable, window: zoom } = view;
  // A page drawing many series (the KNN page) gives each its colour and dashes; else the palette.
  const colors = view.colors ?? COLORS;
  const patterns = view.patterns ?? [];
  const marks = view.marks ?? { excluded: new Set(), expected: [] };
  const primary = byRelease
    ? { ...seriesList[0], points: [...seriesList[0].points].sort((a, b) => compareVersions(a[LUCENE_VERSION], b[LUCENE_VERSION])) }
    : seriesList[0];
  const drawn = byRelease ? [primary] : seriesList;
  const rows = byRelease ? primary.points.map((p, i) => ({ x: i, at: [i] })) : mergeRows(drawn);
  // Dygraphs' error bars take [value, stddev] pairs; a point without a stddev gets no band.
  const data = rows.map(row => [byRelease ? row.x : new Date(row.x), ...row.at.map((i, s) => {
    const point = i >= 0 ? drawn[s].points[i] : null;
    return point ? [point[VALUE], point[STDDEV] ?? 0] : null;
  })]);
  const xOf = r => (byRelease ? r : rows[r].x);
  const labels = drawn.map(series => series.label);
  const releaseLabel = i => (Number.isInteger(i) && primary.points[i] ? primary.points[i][LUCENE_VERSION] : '');
  const single = rows.length === 1;
  // Dots only where they can be told apart: thousands of them are a smear that is slow to draw.
  const sparse = (lo, hi) => {
    let n = 0;
    for (let r = 0; r < rows.length; r++) if (xOf(r) >= lo && xOf(r) <= hi) n++;
    return n * 4 <= element.clientWidth;
  };
  const lettersOf = list => list.map(a => ({
    series: labels[0],
    x: xOf(rowFor(rows, primary, a.runId, Date.parse(a.at))),
    shortText: a.letter,
    text: `${a.letter}: ${a.shortText}`,
    cssClass: `annotation-${a.kind}`,
    tickHeight: 10,
  }));
  const letters = lettersOf(annotations);
  // The x range last told to view.onView: a redraw that leaves it (a hover, new letters) is not news.
  let told = null;
  element.replaceChildren();
  element.setAttribute('role', 'img');
  element.setAttribute('aria-label', view.title
    ? `Chart of ${view.title}: ${drawn.length} series, listed in the table below the chart`
    : `Chart of ${primary.label}: ${primary.points.length} points, listed in the table below the chart`);
  const graph = new Dygraph(element, data, {
    plugins: [annotationPlugin(letters)],
    // A lone point has no x range of its own: give it some room instead of the edge.
    dateWindow: single ? (byRelease ? [-1, 1] : [rows[0].x - WEEK, rows[0].x + WEEK]) : (zoom && !byRelease ? zoom : null),
    labels: [byRelease ? 'Release' : 'Date', ...labels],
    errorBars: true,
    sigma: 1,
    plotter: [bandPlotter, Dygraph.Plotters.linePlotter,
      excludedPlotter(labels[0], r => rows[r] && rows[r].at[0] >= 0 && marks.excluded.has(primary.points[rows[r].at[0]][RUN_ID])),
      disturbedPlotter((name, r) => {
        const s = labels.indexOf(name);
        const i = s >= 0 && rows[r] ? rows[r].at[s] : -1;
        return i >= 0 && disturbedReason(drawn[s].points[i]) != null;
      })],
    fillAlpha: 0.2,
    colors: colors.slice(0, drawn.length),
    series: Object.fromEntries(drawn.map((series, s) => [series.label, { strokePattern: patterns[s] ?? null }])),
    strokeWidth: 1.5,
    drawPoints: sparse(...(zoom && !byRelease ? zoom : [-Infinity, Infinity])),
    pointSize: 2,
    highlightCircleSize: 4.5,
    connectSeparatedPoints: true,
    logscale,
    labelsUTC: true,
    xRangePad: 8, // keeps the first and last points (and their circles) off the axes
    yRangePad: 8,
    ylabel: `${primary.metric} (${unit})`,
    axes: {
      y: { valueFormatter: formatValue, axisLabelFormatter: formatValue, axisLabelWidth: 64 },
      x: byRelease ? { axisLabelFormatter: releaseLabel, valueFormatter: releaseLabel, pixelsPerLabel: 48 } : { axisLabelFormatter: dateTick },
    },
    gridLineColor: '#e3e6ea',
    showRangeSelector: rows.length > 1,
    // The range selector would make a drag pan; people expect a drag over the chart to zoom.
    interactionModel: Dygraph.defaultInteractionModel,
    rangeSelectorHeight: 36,
    rangeSelectorPlotFillColor: '#a9c4e8',
    rangeSelectorPlotStrokeColor: '#1a5fb4',
    labelsDiv: legend,
    legend: 'always',
    // Keep the hovered point's legend when the mouse leaves for it: its commit links must be clickable.
    hideOverlayOnMouseOut: false,
    legendFormatter(legendData) {
      const row = legendData.dygraph.getSelection();
      const hovered = legendData.x != null && row >= 0;
      const at = hovered ? rows[row].at[0] : primary.points.length - 1;
      let html;
      if (at >= 0) {
        // Dygraphs puts the returned HTML in the legend after this returns; the commit comes later.
        if (mayHaveCommit(primary.points[at])) {
          queueMicrotask(() => fillCommit(legend, primary.points, at, luceneWebUrl, commitOf));
        }
        html = hovered ? describe(primary.points, at, unit) : overview(primary.points, unit);
        if (view.namePrimary) html = `<span class="legend-series" style="color:${colors[0]}">${escapeHtml(primary.label)}</span>: ${html}`;
        if (hovered) html += sinceLink(primary.points, at, element.dataset.digestUrl);
        if (editable) html += annotateLink(primary.points[at]) + (view.markLinks?.(primary.points[at]) ?? '');
        if (marks.excluded.has(primary.points[at][RUN_ID])) html += ' · <em class="excluded-note">left out of detection</em>';
        html += disturbedKey(drawn);
      } else {
        html = `${escapeHtml(primary.label)}: no point on ${formatDate(rows[row].x)}`;
      }
      drawn.slice(1).forEach((series, k) => {
        const i = hovered ? rows[row].at[k + 1] : series.points.length - 1;
        const point = i >= 0 ? series.points[i] : null;
        const value = point ? `${formatValue(point[VALUE])}${point[STDDEV] == null ? '' : ` ± ${formatValue(point[STDDEV])}`}` : '–';
        html += `${view.legendSeparator ?? '<br>'}<span class="legend-series" style="color:${colors[k + 1]}">${escapeHtml(series.label)}</span>: ${value}`;
      });
      return html;
    },
    pointClickCallback(event, point) {
      const s = labels.indexOf(point.name);
      const i = rows[point.idx].at[s];
      if (s >= 0 && i >= 0) window.location.href = runUrl + drawn[s].points[i][RUN_ID];
    },
    underlayCallback(canvas, area, g) {
      // Detected change points: a dashed line where the new level starts. A suspected one (the
      // newest nights lie beyond the noise, not yet confirmed by 7 nights) is an amber dotted line
      // with a hollow triangle on top; a withdrawn one is not drawn. What was drawn is kept on the
      // graph, x and stage, for whoever reads the chart without its pixels.
      const drawnMarks = [];
      for (const cp of changePoints) {
        if (cp.stage === 'withdrawn') continue;
        const r = rowFor(rows, primary, cp.runId, Date.parse(cp.x));
        const x = g.toDomXCoord(xOf(r));
        if (x < area.x || x > area.x + area.w) continue;
        const suspected = cp.stage === 'suspected';
        canvas.save();
        const regression = cp.direction === 'regression';
        if (cp.kind === 'drift' && cp.driftLastRunId != null) {
          // A slow drift: one shaded span from its first night to its last, said once in words,
          // rather than a staircase of step lines along it.
          const last = g.toDomXCoord(xOf(rowFor(rows, primary, cp.driftLastRunId, Number.MAX_VALUE)));
          const right = Math.min(Math.max(last, x + 1), area.x + area.w);
          canvas.fillStyle = regression ? 'rgba(192, 28, 40, 0.10)' : 'rgba(38, 162, 105, 0.10)';
          canvas.fillRect(x, area.y, right - x, area.h);
          canvas.fillStyle = cp.state === 'invalid' ? '#767676' : regression ? REGRESSION_COLOR : IMPROVEMENT_COLOR;
          canvas.font = '11px system-ui, sans-serif';
          canvas.textAlign = 'left';
          canvas.fillText(driftText(cp), x + 3, area.y + 10);
          canvas.restore();
          drawnMarks.push({ id: cp.id, runId: cp.runId, stage: cp.stage ?? 'confirmed', x, kind: 'drift', text: driftText(cp) });
          continue;
        }
        canvas.strokeStyle = suspected ? '#a86f00'
          : cp.state === 'invalid' ? '#767676'
          : regression ? REGRESSION_COLOR : IMPROVEMENT_COLOR;
        canvas.setLineDash(suspected ? [2, 3] : regression ? [6, 3] : [2, 2]);
        canvas.lineWidth = 1.5;
        canvas.beginPath();
        canvas.moveTo(x, area.y);
        canvas.lineTo(x, area.y + area.h);
        canvas.stroke();
        if (!suspected) {
          // Worse or better said by an arrow, not only by the line's colour.
          canvas.fillStyle = canvas.strokeStyle;
          canvas.font = '11px system-ui, sans-serif';
          canvas.textAlign = 'center';
          canvas.fillText(regression ? '▼' : '▲', x, area.y + 10);
        }
        if (suspected) {
          canvas.setLineDash([]);
          canvas.lineWidth = 2;
          canvas.beginPath();
          canvas.moveTo(x - 6, area.y + 1);
          canvas.lineTo(x + 6, area.y + 1);
          canvas.lineTo(x, area.y + 11);
          canvas.closePath();
          canvas.stroke();
        }
        canvas.restore();
        drawnMarks.push({ id: cp.id, runId: cp.runId, stage: cp.stage ?? 'confirmed', x });
      }
      g.changePointMarks = drawnMarks;
      // Expected changes: a dotted grey line, a known boundary rather than an alert.
      for (const mark of marks.expected) {
        const x = g.toDomXCoord(xOf(rowFor(rows, primary, mark.runId, mark.x)));
        if (x < area.x || x > area.x + area.w) continue;
        canvas.save();
        canvas.strokeStyle = '#5e5c64';
        canvas.setLineDash([1, 3]);
        canvas.lineWidth = 2;
        canvas.beginPath();
        canvas.moveTo(x, area.y);
        canvas.lineTo(x, area.y + area.h);
        canvas.stroke();
        canvas.restore();
      }
      drawSegmentBoundaries(canvas, area, g, annotations.filter(a => a.kind === SEGMENT_KIND)
        .map(a => ({ runId: a.runId, x: xOf(rowFor(rows, primary, a.runId, Date.parse(a.at))) })));
    },
    drawCallback(g) {
      // Every change of the visible dates (a zoom, a pan, the range selector, a reset) ends in a
      // drawing: the page then fetches the annotations of what is in view. Release order has no dates.
      if (byRelease || !view.onView) return;
      const range = g.isZoomed('x') ? g.xAxisRange() : null;
      const key = range ? range.join() : 'all';
      if (key === told) return;
      told = key;
      view.onView(range);
    },
    zoomCallback(minX, maxX) {
      const dots = sparse(minX, maxX);
      if (dots !== graph.getBooleanOption('drawPoints')) graph.updateOptions({ drawPoints: dots });
      if (byRelease) return;
      const [lo, hi] = graph.xAxisExtremes();
      view.onZoom(minX <= lo && maxX >= hi ? null : [minX, maxX]);
    },
  });
  // The range selector's two drag handles are images: decorative to a screen reader, which gets
  // the points table under the chart instead.
  element.querySelectorAll('img').forEach(img => img.setAttribute('alt', ''));
  // New letters without a new chart: what the page calls when it has fetched another window's.
  graph.showAnnotations = list => graph.setAnnotations(lettersOf(list));
  return graph;
}
