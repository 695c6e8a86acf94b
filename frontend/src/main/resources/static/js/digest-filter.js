// The digest's filter on the run page and the digest page: shows the rows of one judgement and/or
// containing a text, hides groups left empty, and keeps the choice in the address (?show=).
const show = document.getElementById('digest-show');
const text = document.getElementById('digest-text');
const shown = document.getElementById('digest-shown');

function apply() {
  const judgement = show.value;
  const needle = text.value.trim().toLowerCase();
  let visible = 0;
  let total = 0;
  for (const group of document.querySelectorAll('#run-digest .digest-group')) {
    let inGroup = 0;
    for (const row of group.querySelectorAll('tr.digest-row')) {
      total++;
      const match = (judgement === '' || row.dataset.judgement === judgement)
        && (needle === '' || row.dataset.text.includes(needle));
      row.hidden = !match;
      if (match) inGroup++;
    }
    group.hidden = inGroup === 0;
    // Rows not judged sit collapsed; a filter that asks for them, or text that finds one, opens them.
    for (const details of group.querySelectorAll('details.digest-not-judged')) {
      const asked = judgement === 'not-judged' || needle !== '';
      if (asked && details.querySelector('tr.digest-row:not([hidden])')) details.open = true;
    }
    visible += inGroup;
  }
  shown.textContent = `${visible} of ${total} series shown`;
  const url = new URL(window.location.href);
  if (judgement === '') url.searchParams.delete('show'); else url.searchParams.set('show', judgement);
  history.replaceState(null, '', url);
}

// Enter in the text field filters, as typing does: the page's CSP allows no inline onsubmit.
document.getElementById('digest-filter')?.addEventListener('submit', (event) => event.preventDefault());

if (show && text) {
  const wanted = new URL(window.location.href).searchParams.get('show');
  if (wanted && [...show.options].some(o => o.value === wanted)) show.value = wanted;
  show.addEventListener('change', apply);
  text.addEventListener('input', apply);
  apply();
}
