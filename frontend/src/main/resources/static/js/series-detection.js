// The series page's change detection: the change points with their evidence, the nights left out
// of detection, the expected changes and the series' smallest step, under the chart; for editors
// the legend's "exclude" and "expected change" and the forms that change them. A library:
// importing it runs nothing; series-page.js wires it.
import { writeHeaders } from './csrf.js';
import { driftText, escapeHtml, formatDate, formatValue, formatSigma } from './format.js';
import { RUN_ID } from './series-points.js';
import { refusal } from './series-annotations.js';

/** A signed figure with a real minus sign, as the alerts page writes it. */
const signed = (v, decimals) => `${v < 0 && Math.abs(v).toFixed(decimals) !== (0).toFixed(decimals) ? '\u2212' : ''}${Math.abs(v).toFixed(decimals)}`;

const percent = fraction => `${Number((fraction * 100).toPrecision(3))} %`;

/** A p-value in two significant digits, small ones in scientific notation (as the alerts page). */
function probability(p) {
  if (p == null) return '';
  if (p === 0) return '0';
  return p >= 0.001 ? String(Number(p.toPrecision(2))) : p.toExponential(1).replace('e-0', 'e-');
}

/** A change point's evidence in one line: means, effect in σ, p, noise and serial correlation. */
export function evidence(cp, unit) {
  const parts = [`${formatValue(cp.meanBefore)} → ${formatValue(cp.meanAfter)} ${escapeHtml(unit)}`];
  if (cp.effectSigma != null) parts.push(`<span class="effect">${signed(cp.effectSigma, 1)} σ</span>`);
  if (cp.pValue != null) parts.push(`p ${probability(cp.pValue)}`);
  if (cp.noiseSigma != null) parts.push(`noise ${formatSigma(cp.noiseSigma)}`);
  if (cp.serialCorrelation != null) parts.push(`φ ${signed(cp.serialCorrelation, 2)}`);
  return parts.join(' · ');
}

function changeList(changePoints, unit) {
  return changePoints.map(cp => `<li class="change-point ${escapeHtml(cp.direction)} stage-${escapeHtml(cp.stage ?? 'confirmed')}" data-run="${Number(cp.runId)}">`
    + `<span class="date">${formatDate(Date.parse(cp.x))}</span> `
    + (cp.stage && cp.stage !== 'confirmed'
      ? `<span class="badge stage-${escapeHtml(cp.stage)}" title="${cp.stage === 'suspected'
        ? 'the newest night(s) lie beyond the noise of the recent history; not yet placed by 7 nights'
        : 'later nights did not hold the suspected change'}">${escapeHtml(cp.stage)}</span> ` : '')
    + `<strong>${cp.direction === 'regression' ? '▼' : '▲'} ${cp.relativeChange > 0 ? '+' : ''}${signed(cp.relativeChange * 100, 1)}%</strong> `
    + `${escapeHtml(cp.direction)}`
    // A drift is said as one, with its span and slope, as the alerts page says it.
    + (cp.kind === 'drift' ? ` · <span class="drift">${escapeHtml(driftText(cp))}</span>` : '')
    + ` · ${evidence(cp, unit)} · <span class="state">${escapeHtml(cp.state)}</span></li>`).join('');
}

function markList(marks, kind, editable) {
  return marks.map(m => `<li class="mark" data-run="${Number(m.runId)}">`
    + `<span class="date">${formatDate(Date.parse(m.x))}</span> run ${Number(m.runId)}`
    + (m.note ? ` · <span class="note">${escapeHtml(m.note)}</span>` : '')
    + ` <span class="muted">(${escapeHtml(m.createdBy)})</span>`
    + (editable ? ` <button type="button" class="remove" data-kind="${kind}" data-run="${Number(m.runId)}">remove</button>` : '')
    + '</li>').join('');
}

/** Fills the section under the chart from the detection API's answer and the change points. */
export function showDetection(section, marks, changePoints, unit, editable) {
  const min = marks.minRelativeChange ?? marks.defaultMinRelativeChange;
  section.querySelector('.detection-min').textContent = percent(min);
  section.querySelector('.detection-min-origin').textContent = marks.minRelativeChange == null
    ? '(the detector\'s default)' : `(this series' own; the default is ${percent(marks.defaultMinRelativeChange)})`;
  const fill = (selector, html, empty) => {
    const list = section.querySelector(selector);
    list.innerHTML = html || `<li class="muted">${empty}</li>`;
  };
  // An empty list says why it is empty.
  fill('.detection-changes', changeList(changePoints, unit),
    `None found. A step is reported once 7 nights of its new level are in, and only when it is at least ${percent(min)} and stands out of the series' noise.`);
  fill('.detection-excluded', markList(marks.excluded, 'exclusions', editable),
    'None: every night counts. Editors leave a night out from its point\'s legend.');
  fill('.detection-expected', markList(marks.expected, 'expected-changes', editable),
    'None marked. Editors mark one from its point\'s legend.');
  const input = section.querySelector('form.sensitivity input[name=percent]');
  if (input && document.activeElement !== input) input.value = marks.minRelativeChange == null ? '' : Number((marks.minRelativeChange * 100).toPrecision(3));
}

/** The legend's offers for the point it describes: exclude (or include) it, mark an expected change. */
export function markLinks(point, marks) {
  const run = Number(point[RUN_ID]);
  const excluded = marks.excluded.some(m => m.runId === run);
  const expected = marks.expected.some(m => m.runId === run);
  return ` · <a href="#" class="mark-night" data-kind="exclusions" data-run="${run}" data-on="${!excluded}">${excluded ? 'include' : 'exclude'}</a>`
    + ` · <a href="#" class="mark-night" data-kind="expected-changes" data-run="${run}" data-on="${!expected}">${expected ? 'not expected' : 'expected change'}</a>`;
}

/** Whether point's night is left out of detection. */
export function isExcluded(point, marks) {
  return marks.excluded.some(m => m.runId === point[RUN_ID]);
}

/**
 * The writes: mark or unmark a night, set or reset the smallest step. Each resolves to null when
 * done, or the server's reason in one line.
 */
export function detectionWrites(seriesUrl) {
  const send = async (url, method, body) => {
    const response = await fetch(url, { method, headers: writeHeaders(), body: body == null ? undefined : JSON.stringify(body) });
    return response.ok ? null : refusal(response);
  };
  return {
    mark: (kind, runId, note) => send(`${seriesUrl}/${kind}`, 'POST', { runId, note }),
    unmark: (kind, runId) => send(`${seriesUrl}/${kind}/${runId}`, 'DELETE'),
    sensitivity: fraction => send(`${seriesUrl}/sensitivity`, 'PUT', { minRelativeChange: fraction }),
    defaultSensitivity: () => send(`${seriesUrl}/sensitivity`, 'DELETE'),
  };
}

/** The x of each excluded and expected night, for the chart (by run, looked up in the points). */
export function markedRuns(marks) {
  return {
    excluded: new Set(marks.excluded.map(m => m.runId)),
    expected: marks.expected.map(m => ({ runId: m.runId, x: Date.parse(m.x) })),
  };
}

