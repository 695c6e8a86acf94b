// Filters and sorts the overview's rows in place. The state lives in the URL (?group=&machine=
// &q=&sort=) so that a link shows the same view; without script the page shows every series.
const form = document.getElementById('overview-filters');
// The filters apply as they change; Enter must not reload the page (no inline handler: the CSP
// allows scripts from files only).
form?.addEventListener('submit', (event) => event.preventDefault());

function rowsOf(section) {
  return [...section.querySelectorAll('tr.series-row')];
}

/** Keeps the server's order as the "by name" order, to come back to after sorting. */
for (const section of document.querySelectorAll('section.benchmark')) {
  rowsOf(section).forEach((row, i) => { row.dataset.order = String(i); });
}

function magnitude(row, key) {
  const value = Number.parseFloat(row.dataset[key]);
  return Number.isFinite(value) ? Math.abs(value) : -1;
}

export function apply(state) {
  const text = state.q.trim().toLowerCase();
  let shown = 0;
  for (const section of document.querySelectorAll('section.benchmark')) {
    const inGroup = !state.group || section.dataset.group === state.group;
    let visible = 0;
    const rows = rowsOf(section);
    for (const row of rows) {
      const match = inGroup
        && (!state.machine || row.dataset.machine === state.machine)
        && (!text || row.dataset.text.includes(text));
      row.hidden = !match;
      if (match) visible++;
    }
    section.hidden = visible === 0;
    shown += visible;
    const key = state.sort === 'previous' ? 'previous' : state.sort === 'month' ? 'month' : null;
    rows.sort((a, b) => (key ? magnitude(b, key) - magnitude(a, key) : 0)
      || Number(a.dataset.order) - Number(b.dataset.order));
    section.querySelector('tbody').append(...rows);
  }
  document.getElementById('overview-count').textContent = `${shown} series`;
}

function readForm() {
  const data = new FormData(form);
  return {
    group: data.get('group') ?? '',
    machine: data.get('machine') ?? '',
    q: data.get('q') ?? '',
    sort: data.get('sort') ?? '',
  };
}

function writeUrl(state) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state)) {
    if (value) params.set(key, value);
  }
  const query = params.toString();
  history.replaceState(null, '', query ? `?${query}` : window.location.pathname);
}

if (form) {
  const params = new URLSearchParams(window.location.search);
  for (const name of ['group', 'machine', 'q', 'sort']) {
    if (params.has(name) && form.elements[name]) form.elements[name].value = params.get(name);
  }
  apply(readForm());
  const update = () => {
    const state = readForm();
    apply(state);
    writeUrl(state);
  };
  form.addEventListener('input', update);
  form.addEventListener('change', update);
}
