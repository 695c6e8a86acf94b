// The overview's filters. The server filters (the form is a plain GET, so a link or a page without
// script shows the same rows); this script only fetches the filtered list as the fields change and
// swaps it in, keeping the address in step so a link shows the same view.
const form = document.getElementById('overview-filters');

let pending = null;
let typing = null;

function query() {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim()) params.set(name, value.trim());
  }
  return params.toString();
}

async function update() {
  const search = query();
  const url = search ? `?${search}` : window.location.pathname;
  pending?.abort();
  const controller = new AbortController();
  pending = controller;
  try {
    const response = await fetch(url, { signal: controller.signal, headers: { Accept: 'text/html' } });
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    const list = document.getElementById('series-list');
    const fresh = page.getElementById('series-list');
    if (!fresh) {
      // A refused filter (e.g. an overlong text) answers with the error page: say so in place.
      list.replaceChildren(Object.assign(document.createElement('p'), {
        className: 'empty',
        textContent: page.querySelector('main')?.textContent.trim().split('\n')[0] ?? `HTTP ${response.status}`,
      }));
      return;
    }
    list.replaceWith(fresh);
    history.replaceState(null, '', url);
  } catch (error) {
    if (error.name !== 'AbortError') throw error;
  }
}

if (form) {
  // Enter must not reload the whole page; the list follows the fields as they change.
  form.addEventListener('submit', (event) => { event.preventDefault(); update(); });
  form.addEventListener('change', update);
  form.addEventListener('input', (event) => {
    if (event.target.name !== 'q') return;
    clearTimeout(typing);
    typing = setTimeout(update, 200);
  });
}
