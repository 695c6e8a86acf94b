// The series chart's view as the page's URL keeps it, so a zoom, a log axis or a comparison can
// be linked to and survives a reload. A library: importing it runs nothing.

/** The view as the URL says it: ?from=&to= (ISO dates), log=1, x=release|date, with=ids. */
export function readUrl() {
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

/**
 * Writes the view into the URL, in place: no history entry per zoom. A page's own parameters
 * ({@code extra}, e.g. the KNN page's setting and nights) come first; null ones are left out.
 */
export function writeUrl(state, extra = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(extra)) if (value != null) params.set(name, value);
  if (state.window) {
    params.set('from', new Date(state.window[0]).toISOString().slice(0, 10));
    params.set('to', new Date(state.window[1]).toISOString().slice(0, 10));
  }
  if (state.logscale) params.set('log', '1');
  if (state.x) params.set('x', state.x);
  if (state.with?.length) params.set('with', state.with.join(','));
  const query = params.toString();
  history.replaceState(null, '', query ? `?${query}` : window.location.pathname);
}
