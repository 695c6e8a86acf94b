// Draws one series (div#chart) as a Dygraphs chart with its ±1σ band. The page renders at once;
// the points come from the JSON API, so the API and the page can never disagree.
/* global Dygraph */
import { signedIn, writeHeaders } from './csrf.js';

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

/** Years as "2026", not "Jan 2026": fifteen of them fit a chart's width without running together. */
function dateTick(date, granularity, opts) {
  return granularity >= Dygraph.Granularity.ANNUAL
    ? String(date.getUTCFullYear())
    : Dygraph.dateAxisLabelFormatter(date, granularity, opts);
}

const COLORS = ['#1a5fb4', '#c64600', '#26734d', '#813d9c', '#a51d2d', '#5e5c64'];
const WEEK = 7 * 24 * 3600 * 1000;

/** Escaped text with its http(s) links made clickable, for annotation texts written by people. */
export function linkify(text) {
  return escapeHtml(text ?? '').replace(/https?:\/\/[^\s<>"']+/g, url => `<a href="${url}">${url}</a>`);
}

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

/** Editors get the annotation form (the page renders it only for them) once signed in. */
function canAnnotate() {
  return signedIn() && document.getElementById('annotation-dialog') != null;
}

/** The legend's offer to annotate the point it describes: its run and date ride on the link. */
function annotateLink(point) {
  return ` · <a href="#" class="annotate" data-run="${Number(point[RUN_ID])}" data-x="${Number(point[X])}">annotate</a>`;
}

function draw(element, legend, view) {
  const { unit, runUrl, luceneWebUrl } = element.dataset;
  const { seriesList, byRelease, logscale, annotations, changePoints, commitOf, window: zoom } = view;
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
  const letters = annotations.map(a => ({
    series: labels[0],
    x: xOf(rowFor(rows, primary, a.runId, Date.parse(a.at))),
    shortText: a.letter,
    text: `${a.letter}: ${a.shortText}`,
    cssClass: `annotation-${a.kind}`,
    tickHeight: 10,
  }));
  element.replaceChildren();
  const graph = new Dygraph(element, data, {
    // Plugins start before the first drawing: letters set here cost no second drawing of the chart.
    plugins: [{ activate(g) { g.setAnnotations(letters, true); return {}; } }],
    // A lone point has no x range of its own: give it some room instead of the edge.
    dateWindow: single ? (byRelease ? [-1, 1] : [rows[0].x - WEEK, rows[0].x + WEEK]) : (zoom && !byRelease ? zoom : null),
    labels: [byRelease ? 'Release' : 'Date', ...labels],
    errorBars: true,
    sigma: 1,
    plotter: [bandPlotter, Dygraph.Plotters.linePlotter],
    fillAlpha: 0.2,
    colors: COLORS.slice(0, drawn.length),
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
        if (isGitPoint(primary.points[at])) {
          queueMicrotask(() => fillCommit(legend, primary.points, at, luceneWebUrl, commitOf));
        }
        html = hovered ? describe(primary.points, at, unit) : overview(primary.points, unit);
        if (canAnnotate()) html += annotateLink(primary.points[at]);
      } else {
        html = `${escapeHtml(primary.label)}: no point on ${formatDate(rows[row].x)}`;
      }
      drawn.slice(1).forEach((series, k) => {
        const i = hovered ? rows[row].at[k + 1] : series.points.length - 1;
        const point = i >= 0 ? series.points[i] : null;
        const value = point ? `${formatValue(point[VALUE])}${point[STDDEV] == null ? '' : ` ± ${formatValue(point[STDDEV])}`}` : '–';
        html += `<br><span class="legend-series" style="color:${COLORS[k + 1]}">${escapeHtml(series.label)}</span>: ${value}`;
      });
      return html;
    },
    pointClickCallback(event, point) {
      const s = labels.indexOf(point.name);
      const i = rows[point.idx].at[s];
      if (s >= 0 && i >= 0) window.location.href = runUrl + drawn[s].points[i][RUN_ID];
    },
    underlayCallback(canvas, area, g) {
      // Detected change points: a dashed line where the new level starts.
      for (const cp of changePoints) {
        const r = rowFor(rows, primary, cp.runId, Date.parse(cp.x));
        const x = g.toDomXCoord(xOf(r));
        if (x < area.x || x > area.x + area.w) continue;
        canvas.save();
        canvas.strokeStyle = cp.state === 'invalid' ? '#b0b4b9'
          : cp.direction === 'regression' ? '#c01c28' : '#26a269';
        canvas.setLineDash([4, 3]);
        canvas.lineWidth = 1.5;
        canvas.beginPath();
        canvas.moveTo(x, area.y);
        canvas.lineTo(x, area.y + area.h);
        canvas.stroke();
        canvas.restore();
      }
    },
    zoomCallback(minX, maxX) {
      const dots = sparse(minX, maxX);
      if (dots !== graph.getBooleanOption('drawPoints')) graph.updateOptions({ drawPoints: dots });
      if (byRelease) return;
      const [lo, hi] = graph.xAxisExtremes();
      view.onZoom(minX <= lo && maxX >= hi ? null : [minX, maxX]);
    },
  });
  return graph;
}

const SCOPES = { series: '', group: 'group', all: 'all charts' };

function annotationList(annotations, editable) {
  return annotations.map(a => `<li id="annotation-${escapeHtml(a.letter)}" class="annotation-${escapeHtml(a.kind)}">`
    + `<span class="letter">${escapeHtml(a.letter)}</span>`
    + ` <span class="date">${formatDate(Date.parse(a.at))}</span> <span class="short">${escapeHtml(a.shortText)}</span>`
    + (SCOPES[a.scope] ? ` <span class="scope">(${SCOPES[a.scope]})</span>` : '')
    + (editable
      ? ` <span class="annotation-actions"><button type="button" class="edit" data-id="${Number(a.id)}">edit</button>`
        + ` <button type="button" class="delete" data-id="${Number(a.id)}">delete</button></span>`
      : '')
    + (a.longText ? `<div class="long">${linkify(a.longText)}</div>` : '')
    + '</li>').join('');
}

/** The reason a write was refused, in one line, from the API's problem details. */
async function refusal(response) {
  if (response.status === 401 || response.status === 403) {
    return 'Not allowed: sign in again as an editor.';
  }
  const problem = await response.json().catch(() => null);
  return problem?.detail ?? `The server said HTTP ${response.status}.`;
}

/**
 * The annotation form (a <dialog> the page renders for editors): new on a point, or an existing
 * annotation to edit. Saving calls {@code saved()} so the chart and the list show the change.
 */
function annotationForm(dialog, annotationsUrl, saved) {
  const form = dialog.querySelector('form');
  const error = dialog.querySelector('.form-error');
  const { seriesId, benchmark } = dialog.dataset;
  let precise = null; // the exact instant the date field was filled from
  const open = (title, values) => {
    form.reset();
    error.textContent = '';
    dialog.querySelector('.dialog-title').textContent = title;
    precise = values.at;
    form.elements.annotationId.value = values.id ?? '';
    form.elements.date.value = values.at.slice(0, 10);
    form.elements.runId.value = values.runId ?? '';
    form.elements.scope.value = values.scope ?? 'series';
    form.elements.kind.value = values.kind ?? 'code';
    form.elements.shortText.value = values.shortText ?? '';
    form.elements.longText.value = values.longText ?? '';
    dialog.showModal();
    form.elements.shortText.focus();
  };
  form.addEventListener('submit', async event => {
    event.preventDefault();
    const f = form.elements;
    const scope = f.scope.value;
    const body = {
      // An untouched date keeps the point's time of day, which orders same-day letters.
      at: precise && f.date.value === precise.slice(0, 10) ? precise : f.date.value,
      runId: f.runId.value ? Number(f.runId.value) : null,
      shortText: f.shortText.value,
      longText: f.longText.value,
      kind: f.kind.value,
      scope,
      seriesId: scope === 'series' ? Number(seriesId) : null,
      benchmark: scope === 'group' ? benchmark : null,
    };
    const id = f.annotationId.value;
    error.textContent = '';
    try {
      const response = await fetch(id ? `${annotationsUrl}/${id}` : annotationsUrl, {
        method: id ? 'PUT' : 'POST', headers: writeHeaders(), body: JSON.stringify(body),
      });
      if (!response.ok) {
        error.textContent = await refusal(response);
        return;
      }
      dialog.close();
      await saved();
    } catch (e) {
      error.textContent = `Not saved: ${e.message}`;
    }
  });
  dialog.querySelector('.cancel').addEventListener('click', () => dialog.close());
  return {
    annotate(runId, x) {
      open('Annotate this point', { at: new Date(x).toISOString(), runId });
    },
    edit(a) {
      open(`Edit annotation ${a.letter}`, a);
    },
  };
}

// No Accept header: the points' fetch must match the page's preload of them to reuse it.
async function json(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

function label(series) {
  return `${series.task} · ${series.metric} · ${series.machine} · ${series.jdk} · ${series.profile}`;
}

/** The view as the URL says it: ?from=&to= (ISO dates), log=1, x=release|date, with=ids. */
function readUrl() {
  const params = new URLSearchParams(window.location.search);
  const from = Date.parse(params.get('from') ?? '');
  const to = Date.parse(params.get('to') ?? '');
  return {
    window: Number.isFinite(from) && Number.isFinite(to) && from < to ? [from, to] : null,
    logscale: params.get('log') === '1',
    x: params.get('x'),
    with: (params.get('with') ?? '').split(',').map(Number).filter(id => Number.isInteger(id) && id > 0),
  };
}

function writeUrl(state) {
  const params = new URLSearchParams();
  if (state.window) {
    params.set('from', new Date(state.window[0]).toISOString().slice(0, 10));
    params.set('to', new Date(state.window[1]).toISOString().slice(0, 10));
  }
  if (state.logscale) params.set('log', '1');
  if (state.x) params.set('x', state.x);
  if (state.with.length) params.set('with', state.with.join(','));
  const query = params.toString();
  history.replaceState(null, '', query ? `?${query}` : window.location.pathname);
}

async function main() {
  const element = document.getElementById('chart');
  const legend = document.getElementById('chart-legend');
  const { seriesId, apiUrl } = element.dataset;
  try {
    const state = readUrl();
    const [points, firstAnnotations, changePoints, related] = await Promise.all([
      json(element.dataset.pointsUrl).then(body => body.points),
      json(`${apiUrl}${seriesId}/annotations`).catch(() => []),
      json(`${apiUrl}${seriesId}/change-points`).catch(() => []),
      json(`${apiUrl}${seriesId}/related`).catch(() => []),
    ]);
    if (points.length === 0) {
      element.innerHTML = '<p class="muted">No points yet: this series has not been measured.</p>';
      legend.textContent = '';
      return;
    }
    let annotations = firstAnnotations;
    const primary = { id: Number(seriesId), label: element.dataset.label, metric: element.dataset.metric, points };
    const extras = new Map();
    const load = async id => {
      if (!extras.has(id)) {
        const series = related.find(r => r.id === id) ?? await json(`${apiUrl}${id}`);
        extras.set(id, { id, label: label(series), metric: series.metric, points: (await json(`${apiUrl}${id}/points`)).points });
      }
      return extras.get(id);
    };
    const commitOf = commits(element.dataset.runApiUrl);
    const toggle = document.getElementById('chart-x');
    const logToggle = document.getElementById('chart-log');
    const add = document.getElementById('chart-add');
    const chips = document.getElementById('chart-series');
    const releases = isReleaseSeries(points);
    state.with = state.with.filter(id => id !== primary.id).slice(0, COLORS.length - 1);
    let byRelease = releases && state.x !== 'date' && state.with.length === 0 && !state.window;

    const render = async () => {
      const others = await Promise.all(state.with.map(id => load(id).catch(() => null)));
      const seriesList = [primary, ...others.filter(Boolean)];
      const view = {
        seriesList, byRelease, logscale: state.logscale, annotations, changePoints, commitOf,
        window: state.window,
        onZoom(range) { state.window = range; writeUrl(state); },
      };
      // Exposed for people poking at the page and for the browser tests.
      window.nightbenchChart?.destroy();
      legend.style.minHeight = `${2.9 + 1.45 * (seriesList.length - 1)}rem`;
      window.nightbenchChart = draw(element, legend, view);
      if (toggle) toggle.textContent = byRelease ? 'x: release order (show dates)' : 'x: date (show release order)';
      if (logToggle) logToggle.textContent = state.logscale ? 'y: log (show linear)' : 'y: linear (show log)';
      if (chips) {
        chips.innerHTML = seriesList.slice(1).map((series, k) => `<li><span style="color:${COLORS[k + 1]}">■</span> `
          + `<a href="${escapeHtml(String(series.id))}">${escapeHtml(series.label)}</a> `
          + `<button type="button" data-remove="${series.id}" aria-label="remove">×</button></li>`).join('');
      }
      writeUrl(state);
    };
    if (toggle && releases) {
      toggle.hidden = false;
      toggle.addEventListener('click', () => {
        byRelease = !byRelease;
        state.x = byRelease ? null : 'date';
        if (byRelease) { state.with = []; state.window = null; }
        render();
      });
    }
    logToggle?.addEventListener('click', () => { state.logscale = !state.logscale; render(); });
    if (add) {
      add.insertAdjacentHTML('beforeend', related.map(r => `<option value="${r.id}">${escapeHtml(label(r))}</option>`).join(''));
      add.hidden = related.length === 0;
      add.addEventListener('change', () => {
        const id = Number(add.value);
        add.value = '';
        if (id && !state.with.includes(id) && state.with.length < COLORS.length - 1) {
          state.with.push(id);
          byRelease = false;
          render();
        }
      });
    }
    chips?.addEventListener('click', event => {
      const id = Number(event.target.dataset?.remove);
      if (id) { state.with = state.with.filter(w => w !== id); render(); }
    });
    const list = document.getElementById('chart-annotations');
    const editable = canAnnotate();
    const showList = () => {
      if (!list) return;
      list.innerHTML = annotationList(annotations, editable);
      list.hidden = annotations.length === 0;
    };
    showList();
    const dialog = document.getElementById('annotation-dialog');
    if (editable) {
      const { annotationsUrl } = element.dataset;
      // After a change: the letters are the server's (date order), so ask again and draw again.
      const reload = async () => {
        annotations = await json(`${apiUrl}${seriesId}/annotations`);
        showList();
        await render();
      };
      const form = annotationForm(dialog, annotationsUrl, reload);
      legend.addEventListener('click', event => {
        const link = event.target.closest('a.annotate');
        if (!link) return;
        event.preventDefault();
        form.annotate(Number(link.dataset.run), Number(link.dataset.x));
      });
      list?.addEventListener('click', async event => {
        const button = event.target.closest('button[data-id]');
        const a = button && annotations.find(x => x.id === Number(button.dataset.id));
        if (!a) return;
        if (button.classList.contains('edit')) {
          form.edit(a);
        } else if (button.classList.contains('delete') && window.confirm(`Delete annotation ${a.letter}?`)) {
          const response = await fetch(`${annotationsUrl}/${a.id}`, { method: 'DELETE', headers: writeHeaders() });
          if (!response.ok && response.status !== 404) {
            window.alert(await refusal(response));
            return;
          }
          await reload();
        }
      });
    }
    await render();
    // For the speed benchmark: when the first chart was on the screen, from navigation start.
    performance.mark('nightbench-chart-drawn');
  } catch (error) {
    element.innerHTML = '<p class="error">The points could not be loaded.</p>';
    console.error(error);
  }
}

// run-curves.js imports formatValue from here, on pages without a series chart.
if (document.getElementById('chart')) main();
