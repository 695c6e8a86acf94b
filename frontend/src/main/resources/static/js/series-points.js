// A series' points as the points API sends them (one array per point, columns below) and what
// can be read off them. A library: importing it runs nothing.

export const X = 0, VALUE = 1, STDDEV = 2, RUN_ID = 3, LUCENE_SPEC = 4, LUCENE_VERSION = 5, DISTURBED = 6;

/** Why the point's run was on a disturbed machine (its calibration moved), or null. */
export function disturbedReason(point) {
  return point[DISTURBED] ?? null;
}

/** The Lucene a point measured: its version and spec when known, else its spec. */
export function lucene(point) {
  const version = point[LUCENE_VERSION];
  return version ? `Lucene ${version} (${point[LUCENE_SPEC]})` : point[LUCENE_SPEC];
}

export function isGitPoint(point) {
  return String(point[LUCENE_SPEC]).startsWith('git:');
}

/** Points whose run may have recorded a commit: git builds, and releases (from their jar's manifest). */
export function mayHaveCommit(point) {
  return isGitPoint(point) || String(point[LUCENE_SPEC]).startsWith('maven:');
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
export function isReleaseSeries(points) {
  return points.every(p => p[LUCENE_VERSION] && String(p[LUCENE_SPEC]).startsWith('maven:'));
}

/** A series (as the series API sends it) in one line, for the legend and the compare menu. */
export function seriesLabel(series) {
  return `${series.task} · ${series.metric} · ${series.machine} · ${series.jdk} · ${series.profile}`;
}
