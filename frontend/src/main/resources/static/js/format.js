// Formatting shared by the pages' scripts: values as the server writes them, dates, escaped text.
// A library: importing it runs nothing.

/** Four significant digits, whole numbers from 1000 up: the same as the server's ValueFormat. */
export function formatValue(v) {
  if (v == null) return '';
  if (!Number.isFinite(v)) return String(v);
  if (Math.abs(v) >= 1000) return Math.round(v).toLocaleString('en-US');
  return String(Number(v.toPrecision(4)));
}

/** A spread (σ) to two significant digits, as the server's ValueFormat.sigma: 1.3, 0.012, 1,200. */
export function formatSigma(v) {
  if (v == null) return '';
  if (!Number.isFinite(v)) return String(v);
  const rounded = Number(v.toPrecision(2));
  if (Math.abs(rounded) >= 1000) return Math.round(rounded).toLocaleString('en-US');
  return String(rounded);
}

/** The UTC day of an instant in milliseconds, as 2026-01-31. */
export function formatDate(ms) {
  return new Date(ms).toISOString().slice(0, 10);
}

export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`);
}

/** Escaped text with its http(s) links made clickable, for annotation texts written by people. */
export function linkify(text) {
  return escapeHtml(text ?? '').replace(/https?:\/\/[^\s<>"']+/g, url => `<a href="${url}">${url}</a>`);
}

/**
 * A drift in words, as the alerts page and the digest say it (`changepoints.DriftText`): "drift
 * over 120 nights, +0.059 %/night".
 */
export function driftText(cp) {
  const text = `drift over ${cp.driftNights} nights`;
  if (cp.driftSlope == null) return text;
  const percent = cp.driftSlope * 100;
  return `${text}, ${percent >= 0 ? '+' : '\u2212'}${Math.abs(percent).toPrecision(2)} %/night`;
}
