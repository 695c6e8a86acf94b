// The KNN page (series/knn.html): a chart per KNN metric with a line per vector format and fanout
// over the nights, drawn by the series page's chart (band, zoom, a point's run and commit), all
// zoomed together; and each format's recall–latency frontier over its fanouts on two nights. The
// layout is in the page; the points come from the points API. The page's entry: the only module
// here that runs on load.
import { escapeHtml, formatDate, formatValue } from './format.js';
import { COMPARED_PATTERN, drawFrontier, frontierKey, frontierRows } from './knn-frontier.js';
import { COLORS, draw } from './series-chart.js';
import { commits } from './series-legend.js';
import { LUCENE_SPEC, LUCENE_VERSION, RUN_ID, STDDEV, VALUE, X } from './series-points.js';
import { readUrl, writeUrl } from './series-url.js';

// No Accept header: the points' fetch must match the page's preload of them to reuse it.
async function json(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

/** Dashes per fanout, the widest solid: [narrowest … widest]. */
const FANOUT_PATTERNS = [[2, 3], [7, 3], [12, 3, 2, 3], [4, 2, 1, 2]];

function fanoutPattern(fanouts, fanout) {
  if (fanout == null) return null;
  const fromWidest = fanouts.length - 1 - fanouts.indexOf(fanout);
  return fromWidest === 0 ? null : FANOUT_PATTERNS[(fromWidest - 1) % FANOUT_PATTERNS.length];
}

/** Dashes per graph level of the connectivity charts: level 0 (every node) solid. */
function levelPattern(level) {
  return level ? FANOUT_PATTERNS[(level - 1) % FANOUT_PATTERNS.length] : null;
}

/** A line's dashes: by its fanout (a search) or its graph level (the graph's connectivity). */
function linePattern(fanouts, line) {
  return line.level != null ? levelPattern(line.level) : fanoutPattern(fanouts, line.fanout);
}

function formatColor(formats, format) {
  return COLORS[formats.indexOf(format) % COLORS.length];
}

/** The nights the frontier can be drawn on: every run of the recall series, oldest first. */
function nightsOf(frontier, points) {
  const nights = new Map();
  for (const line of frontier) {
    for (const p of points.get(line.recallSeriesId) ?? []) {
      if (!nights.has(p[RUN_ID])) nights.set(p[RUN_ID], p);
    }
  }
  return [...nights.values()].sort((a, b) => a[X] - b[X] || a[RUN_ID] - b[RUN_ID]);
}

function nightLabel(p) {
  const lucene = p[LUCENE_VERSION] ? `Lucene ${p[LUCENE_VERSION]}` : p[LUCENE_SPEC];
  return `${formatDate(p[X])} · ${lucene} · run ${p[RUN_ID]}`;
}

/** Each series' points by run id. */
function byRun(points) {
  const index = new Map();
  for (const [id, list] of points) index.set(id, new Map(list.map(p => [p[RUN_ID], p])));
  return index;
}

/** One format's frontier on one night: its fanouts' (latency, recall), where both were measured. */
function frontierOn(lines, index, runId) {
  const out = [];
  for (const line of lines) {
    const recall = index.get(line.recallSeriesId)?.get(runId);
    const latency = index.get(line.latencySeriesId)?.get(runId);
    if (recall && latency) out.push({ fanout: line.fanout, recall: recall[VALUE], latency: latency[VALUE] });
  }
  return out.sort((a, b) => a.fanout - b.fanout);
}

/** A chart's lines as a table: the latest point of each, and the way to its series page. */
function linesTable(chart, seriesList, seriesUrl) {
  return seriesList.map(s => {
    const last = s.points[s.points.length - 1];
    const sigma = last[STDDEV] == null ? '' : ` ± ${formatValue(last[STDDEV])}`;
    return `<tr><td><a href="${escapeHtml(seriesUrl + s.id)}">${escapeHtml(s.label)}</a></td>`
      + `<td class="num">${s.points.length}</td><td>${formatDate(last[X])}</td>`
      + `<td class="num">${formatValue(last[VALUE])}${sigma} <span class="unit">${escapeHtml(chart.unit)}</span></td></tr>`;
  }).join('');
}

async function main() {
  const root = document.getElementById('knn');
  if (!root) return;
  const layout = JSON.parse(root.dataset.layout);
  if (layout.charts.length === 0) return;
  const { seriesUrl, pointsUrl } = root.dataset;
  const params = new URLSearchParams(window.location.search);
  const state = readUrl();
  const setting = layout.shown;
  // Nights chosen in the URL; vs=none compares with no night (0), absent follows the zoom (null).
  const chosen = { at: Number(params.get('at')) || null, vs: params.get('vs') === 'none' ? 0 : Number(params.get('vs')) || null };
  const save = () => writeUrl(state, {
    machine: setting.machine, jdk: setting.jdk, corpus: setting.corpus, profile: setting.profile,
    at: chosen.at, vs: chosen.vs === 0 ? 'none' : chosen.vs,
  });
  try {
    // Every line's points in one answer (the page preloads it), one element per series.
    const points = new Map((await json(pointsUrl)).series.map(s => [s.seriesId, s.points]));
    const commitOf = commits(root.dataset.runApiUrl);
    const { formats, fanouts } = layout;
    const levels = [...new Set(layout.charts.flatMap(c => c.lines.map(l => l.level)).filter(l => l != null))].sort((a, b) => a - b);

    document.getElementById('knn-key').innerHTML = frontierKey([
      ...formats.map(f => ({ label: f, color: formatColor(formats, f), pattern: null })),
      ...(fanouts.length > 1 ? fanouts.map(n => ({ label: `fanout ${n}`, color: '#5e5c64', pattern: fanoutPattern(fanouts, n) })) : []),
      ...(levels.length > 1 ? levels.map(n => ({ label: `graph level ${n}`, color: '#5e5c64', pattern: levelPattern(n) })) : []),
    ]);

    const graphs = [];
    const zoomAll = (range, from) => {
      state.window = range;
      for (const g of graphs) if (g !== from) g.updateOptions({ dateWindow: range });
      followZoom();
      save();
    };
    for (const chart of layout.charts) {
      const figure = document.getElementById(`knn-chart-${chart.metric}`);
      const element = figure.querySelector('.chart');
      const legend = figure.querySelector('.chart-legend');
      const lines = chart.lines.filter(l => (points.get(l.seriesId) ?? []).length > 0);
      if (lines.length === 0) {
        element.innerHTML = '<p class="muted">No points yet.</p>';
        continue;
      }
      const seriesList = lines.map(l => ({ id: l.seriesId, label: l.label, metric: chart.metric, points: points.get(l.seriesId) }));
      let graph;
      graph = draw(element, legend, {
        seriesList, byRelease: false, logscale: false, annotations: [], changePoints: [], commitOf, editable: false,
        window: state.window, title: chart.title, namePrimary: true, legendSeparator: ' · ',
        colors: lines.map(l => formatColor(formats, l.format)),
        patterns: lines.map(l => linePattern(fanouts, l)),
        onZoom(range) { zoomAll(range, graph); },
      });
      graph.metric = chart.metric;
      graphs.push(graph);
      figure.querySelector('tbody').innerHTML = linesTable(chart, seriesList, seriesUrl);
    }

    // The frontier: per format, its fanouts' recall against latency on night A (solid) and B (dashed).
    const section = document.getElementById('knn-frontier');
    const nights = nightsOf(layout.frontier, points);
    const known = runId => nights.some(p => p[RUN_ID] === runId);
    if (chosen.at && !known(chosen.at)) chosen.at = null;
    if (chosen.vs && !known(chosen.vs)) chosen.vs = null;
    const index = byRun(points);
    const atSelect = document.getElementById('frontier-at');
    const vsSelect = document.getElementById('frontier-vs');
    const options = [...nights].reverse().map(p => `<option value="${p[RUN_ID]}">${escapeHtml(nightLabel(p))}</option>`).join('');
    atSelect.innerHTML = options;
    vsSelect.innerHTML = `<option value="">none</option>${options}`;
    const frontierGraphs = [];
    // Unless chosen, the nights follow the zoom: its last night against its first.
    const inWindow = () => (state.window ? nights.filter(p => p[X] >= state.window[0] && p[X] <= state.window[1]) : nights);
    const nightA = () => chosen.at ?? inWindow().at(-1)?.[RUN_ID] ?? nights.at(-1)?.[RUN_ID];
    const nightB = () => {
      if (chosen.vs === 0) return null;
      if (chosen.vs) return chosen.vs;
      const first = inWindow()[0]?.[RUN_ID];
      return first === nightA() ? null : first;
    };
    const drawFrontiers = () => {
      frontierGraphs.forEach(g => g.destroy());
      frontierGraphs.length = 0;
      const a = nightA(), b = nightB();
      atSelect.value = String(a);
      vsSelect.value = b ? String(b) : '';
      const label = runId => nightLabel(nights.find(p => p[RUN_ID] === runId));
      const grid = document.getElementById('frontier-charts');
      grid.replaceChildren();
      const allCurves = [];
      for (const format of formats) {
        const lines = layout.frontier.filter(l => l.format === format);
        const color = formatColor(formats, format);
        const curves = [{ label: `${format} · ${label(a)}`, color, pattern: null, points: frontierOn(lines, index, a) }];
        if (b) curves.push({ label: `${format} · ${label(b)}`, color, pattern: COMPARED_PATTERN, points: frontierOn(lines, index, b) });
        const shown = curves.filter(c => c.points.length > 0);
        if (shown.length === 0) continue;
        allCurves.push(...shown);
        const figure = document.createElement('figure');
        figure.className = 'frontier';
        figure.dataset.format = format;
        figure.innerHTML = `<h3>${escapeHtml(format)}</h3><div class="frontier-key-box"></div>`
          + '<div class="frontier-values"></div><div class="frontier-chart"></div>';
        grid.append(figure);
        const g = drawFrontier(figure.querySelector('.frontier-chart'), figure.querySelector('.frontier-key-box'),
          figure.querySelector('.frontier-values'), shown);
        g.format = format;
        frontierGraphs.push(g);
      }
      section.querySelector('tbody').innerHTML = frontierRows(allCurves);
    };
    const followZoom = () => { if (nights.length > 0 && (!chosen.at || chosen.vs == null)) drawFrontiers(); };
    // A night chosen pins both, so the address shows these two nights whatever comes later.
    const choose = () => {
      chosen.at = Number(atSelect.value);
      chosen.vs = Number(vsSelect.value) || 0;
      drawFrontiers();
      save();
    };
    atSelect.addEventListener('change', choose);
    vsSelect.addEventListener('change', choose);
    if (nights.length > 0) {
      section.hidden = false;
      drawFrontiers();
    }
    save();
    // Exposed for people poking at the page and for the browser tests.
    window.nightbenchKnn = { charts: graphs, frontier: frontierGraphs, nights: () => [nightA(), nightB()] };
    // For the speed benchmark: every chart and frontier on the screen, from navigation start.
    performance.mark('nightbench-knn-drawn');
  } catch (error) {
    root.querySelector('.knn-error').textContent = 'The points could not be loaded.';
    console.error(error);
  }
}

main();
