// The series page (series/detail.html): draws its series (div#chart) as a Dygraphs chart with its
// ±1σ band. The page renders at once; the points come from the JSON API, so the API and the page
// can never disagree. The page's entry: the only module here that runs on load; what it draws
// with lives in the modules it imports.
import { writeHeaders } from './csrf.js';
import { escapeHtml } from './format.js';
import { annotationForm, annotationList, canAnnotate, refusal } from './series-annotations.js';
import { COLORS, draw } from './series-chart.js';
import { offerCulprits } from './series-culprit.js';
import { detectionWrites, markLinks, markedRuns, showDetection } from './series-detection.js';
import { commits } from './series-legend.js';
import { isReleaseSeries, seriesLabel } from './series-points.js';
import { offerPointsTable } from './series-table.js';
import { readUrl, writeUrl } from './series-url.js';

// No Accept header: the points' fetch must match the page's preload of them to reuse it.
async function json(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

/**
 * The chart's annotations in {@code range} ([from, to] in ms; null: all its dates), at most a
 * thousand, evenly thinned by the server when more; {@code inView}: how many there are in it.
 */
async function annotationsIn(url, range) {
  const windowed = range ? `${url}?from=${new Date(range[0]).toISOString()}&to=${new Date(range[1]).toISOString()}` : url;
  const response = await fetch(windowed);
  if (!response.ok) throw new Error(`${windowed}: HTTP ${response.status}`);
  const list = await response.json();
  return { list, inView: Number(response.headers.get('X-Total-Count') ?? list.length) };
}

/** How long the visible dates must stay still before their annotations are fetched (a pan moves them on every frame). */
const SETTLE_MS = 150;

async function main() {
  const element = document.getElementById('chart');
  const legend = document.getElementById('chart-legend');
  const { seriesId, apiUrl } = element.dataset;
  try {
    const state = readUrl();
    const annotationsUrl = `${apiUrl}${seriesId}/annotations`;
    // The dates whose annotations are held; the unzoomed chart's are the preloaded ones.
    let annotationsFor = state.window ?? null;
    const noMarks = { excluded: [], expected: [], minRelativeChange: null, defaultMinRelativeChange: 0.01 };
    const [points, firstAnnotations, firstChangePoints, related, firstMarks] = await Promise.all([
      json(element.dataset.pointsUrl).then(body => body.points),
      annotationsIn(annotationsUrl, annotationsFor).catch(() => ({ list: [], inView: 0 })),
      json(`${apiUrl}${seriesId}/change-points`).catch(() => []),
      json(`${apiUrl}${seriesId}/related`).catch(() => []),
      json(`${apiUrl}${seriesId}/detection`).catch(() => noMarks),
    ]);
    if (points.length === 0) {
      element.innerHTML = '<p class="muted">No points yet: this series has not been measured.</p>';
      legend.textContent = '';
      return;
    }
    let annotations = firstAnnotations.list;
    let annotationsInView = firstAnnotations.inView;
    let changePoints = firstChangePoints;
    let marks = firstMarks;
    const primary = { id: Number(seriesId), label: element.dataset.label, metric: element.dataset.metric, points };
    const extras = new Map();
    const load = async id => {
      if (!extras.has(id)) {
        const series = related.find(r => r.id === id) ?? await json(`${apiUrl}${id}`);
        // A series of another group says which: "Boolean · AndHighHigh · qps · …".
        const label = series.group && series.group !== element.dataset.group
          ? `${series.groupTitle} · ${seriesLabel(series)}` : seriesLabel(series);
        extras.set(id, { id, label, metric: series.metric, points: (await json(`${apiUrl}${id}/points`)).points });
      }
      return extras.get(id);
    };
    offerPointsTable(document.getElementById('chart-points-details'), points, element.dataset.unit, element.dataset.runUrl);
    const commitOf = commits(element.dataset.runApiUrl);
    const toggle = document.getElementById('chart-x');
    const logToggle = document.getElementById('chart-log');
    const add = document.getElementById('chart-add');
    const chips = document.getElementById('chart-series');
    // Editors only: the legend's "annotate" and the list's edit and delete.
    const editable = canAnnotate();
    const releases = isReleaseSeries(points);
    state.with = state.with.filter(id => id !== primary.id).slice(0, COLORS.length - 1);
    let byRelease = releases && state.x !== 'date' && state.with.length === 0 && !state.window;

    const render = async () => {
      // Release order has no dates to window: it shows all of the chart's annotations.
      if (byRelease && annotationsFor != null) await fetchAnnotations(null).catch(console.error);
      const others = await Promise.all(state.with.map(id => load(id).catch(() => null)));
      const seriesList = [primary, ...others.filter(Boolean)];
      const view = {
        seriesList, byRelease, logscale: state.logscale, annotations, changePoints, commitOf, editable,
        window: state.window, marks: markedRuns(marks),
        markLinks: editable ? point => markLinks(point, marks) : null,
        onZoom(range) { state.window = range; writeUrl(state); },
        onView: range => showAnnotationsOf(byRelease ? null : range),
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
      // One <optgroup> per group of the nightly pages, in the order the API gives (own group first).
      const byGroup = new Map();
      for (const r of related) {
        const title = r.groupTitle ?? 'Other';
        if (!byGroup.has(title)) byGroup.set(title, []);
        byGroup.get(title).push(r);
      }
      add.insertAdjacentHTML('beforeend', [...byGroup].map(([title, members]) =>
        `<optgroup label="${escapeHtml(title)}">${members.map(r =>
          `<option value="${r.id}">${escapeHtml(seriesLabel(r))}</option>`).join('')}</optgroup>`).join(''));
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
    const showList = () => {
      if (!list) return;
      list.innerHTML = annotationList(annotations, editable);
      list.hidden = annotations.length === 0;
      const none = document.getElementById('chart-annotations-none');
      if (none) none.hidden = annotations.length > 0 || annotationsFor != null;
      const thinned = document.getElementById('chart-annotations-thinned');
      if (thinned) {
        thinned.hidden = annotationsInView <= annotations.length;
        thinned.textContent = `${annotations.length.toLocaleString('en')} of the`
          + ` ${annotationsInView.toLocaleString('en')} annotations ${annotationsFor ? 'in view' : 'on this chart'},`
          + ' evenly spread over their dates: zoom in to see them all.';
      }
    };
    showList();
    // Only the annotations of the visible dates are fetched: a chart with ten thousand of them
    // gets a thousand at most, and those of a zoomed window when it settles.
    let settle = null;
    let asked = 0;
    const fetchAnnotations = async range => {
      const ask = ++asked;
      const fetched = await annotationsIn(annotationsUrl, range);
      if (ask !== asked) return false; // a later window's answer is on its way
      annotations = fetched.list;
      annotationsInView = fetched.inView;
      annotationsFor = range;
      showList();
      return true;
    };
    function showAnnotationsOf(range) {
      clearTimeout(settle);
      if (String(range) === String(annotationsFor)) return;
      settle = setTimeout(async () => {
        try {
          if (await fetchAnnotations(range)) window.nightbenchChart?.showAnnotations(annotations);
        } catch (error) {
          console.error(error);
        }
      }, SETTLE_MS);
    }
    const section = document.getElementById('detection');
    const showMarks = () => {
      if (!section) return;
      showDetection(section, marks, changePoints, element.dataset.unit, editable);
      offerCulprits(section, changePoints, commitOf, element.dataset.bisectsUrl, element.dataset.luceneWebUrl);
    };
    showMarks();
    const dialog = document.getElementById('annotation-dialog');
    if (editable) {
      const { annotationsUrl } = element.dataset;
      // After a change: the letters are the server's (date order), so ask again and draw again.
      const reload = async () => {
        await fetchAnnotations(annotationsFor);
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
    if (editable && section) {
      // After a change the server has recomputed the series' change points: ask for both again.
      const writes = detectionWrites(`${apiUrl}${seriesId}`);
      const reloadMarks = async () => {
        [marks, changePoints] = await Promise.all([
          json(`${apiUrl}${seriesId}/detection`), json(`${apiUrl}${seriesId}/change-points`)]);
        showMarks();
        await render();
      };
      const done = async reason => {
        if (reason) window.alert(reason);
        else await reloadMarks();
      };
      legend.addEventListener('click', async event => {
        const link = event.target.closest('a.mark-night');
        if (!link) return;
        event.preventDefault();
        const { kind, run, on } = link.dataset;
        if (on === 'true') {
          const question = kind === 'exclusions' ? 'Why leave this night out of detection?' : 'What changed (benchmark or environment)?';
          const note = window.prompt(question, '');
          if (note === null) return;
          await done(await writes.mark(kind, Number(run), note));
        } else {
          await done(await writes.unmark(kind, Number(run)));
        }
      });
      section.addEventListener('click', async event => {
        const button = event.target.closest('button.remove');
        if (!button) return;
        await done(await writes.unmark(button.dataset.kind, Number(button.dataset.run)));
      });
      const form = section.querySelector('form.sensitivity');
      const error = form?.querySelector('.form-error');
      form?.addEventListener('submit', async event => {
        event.preventDefault();
        const text = form.elements.percent.value.trim();
        const reason = text === '' ? await writes.defaultSensitivity() : await writes.sensitivity(Number(text) / 100);
        error.textContent = reason && !reason.includes('no sensitivity override') ? reason : '';
        if (!error.textContent) await reloadMarks();
      });
      form?.querySelector('.reset').addEventListener('click', async () => {
        form.elements.percent.value = '';
        error.textContent = '';
        await writes.defaultSensitivity();
        await reloadMarks();
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

main();
