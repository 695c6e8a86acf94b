// The series page's points as a table under the chart (a <details>): the way to every point for
// the keyboard and screen readers, each row with its run's link. Filled when first opened, so a
// series of thousands of points costs nothing until then. A library: importing it runs nothing.
import { escapeHtml, formatDate, formatValue, formatSigma } from './format.js';
import { RUN_ID, STDDEV, VALUE, X, disturbedReason, lucene } from './series-points.js';

/** One row per point, newest first: date, Lucene, value ± σ with its unit, the run's link. */
export function pointRows(points, unit, runUrl) {
  const rows = [];
  for (let i = points.length - 1; i >= 0; i--) {
    const p = points[i];
    const sigma = p[STDDEV] == null ? '' : ` ± ${formatSigma(p[STDDEV])}`;
    const disturbed = disturbedReason(p) == null ? ''
      : ` <span class="disturbed-note">(machine disturbed: ${escapeHtml(disturbedReason(p))})</span>`;
    rows.push(`<tr><td>${formatDate(p[X])}</td><td>${escapeHtml(lucene(p))}</td>`
      + `<td class="num">${formatValue(p[VALUE])}${sigma} <span class="unit">${escapeHtml(unit)}</span>${disturbed}</td>`
      + `<td><a href="${escapeHtml(runUrl + p[RUN_ID])}">run ${Number(p[RUN_ID])}</a></td></tr>`);
  }
  return rows.join('');
}

/** Fills the table of {@code details} with the points when it is first opened. */
export function offerPointsTable(details, points, unit, runUrl) {
  if (!details) return;
  const summary = details.querySelector('summary');
  summary.textContent = `The ${points.length} points as a table`;
  const fill = () => {
    if (!details.open || details.dataset.filled) return;
    details.querySelector('tbody').innerHTML = pointRows(points, unit, runUrl);
    details.dataset.filled = 'true';
  };
  details.addEventListener('toggle', fill);
  fill();
}
