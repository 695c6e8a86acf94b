// The series page's annotations: their list under the chart and the form editors write them with
// (a <dialog> the page renders only for editors). A library: importing it runs nothing.
import { signedIn, writeHeaders } from './csrf.js';
import { escapeHtml, formatDate, linkify } from './format.js';

/** Editors get the annotation form (the page renders it only for them) once signed in. */
export function canAnnotate() {
  return signedIn() && document.getElementById('annotation-dialog') != null;
}

// The API's scope 'group' is every chart of one benchmark (search, indexing …), not an overview group.
const scopeLabel = a => (a.scope === 'group' ? `all charts of the ${escapeHtml(a.benchmark ?? '')} benchmark`
  : a.scope === 'all' ? 'all charts' : '');

/** The list items of the annotations under the chart; with edit and delete buttons if editable. */
export function annotationList(annotations, editable) {
  return annotations.map(a => `<li id="annotation-${escapeHtml(a.letter)}" class="annotation-${escapeHtml(a.kind)}">`
    + `<span class="letter">${escapeHtml(a.letter)}</span>`
    + ` <span class="date">${formatDate(Date.parse(a.at))}</span> <span class="short">${escapeHtml(a.shortText)}</span>`
    + (scopeLabel(a) ? ` <span class="scope">(${scopeLabel(a)})</span>` : '')
    + (editable
      ? ` <span class="annotation-actions"><button type="button" class="edit" data-id="${Number(a.id)}">edit</button>`
        + ` <button type="button" class="delete" data-id="${Number(a.id)}">delete</button></span>`
      : '')
    + (a.longText ? `<div class="long">${linkify(a.longText)}</div>` : '')
    + '</li>').join('');
}

/** The reason a write was refused, in one line, from the API's problem details. */
export async function refusal(response) {
  if (response.status === 401 || response.status === 403) {
    return 'Not allowed: sign in again as an editor.';
  }
  const problem = await response.json().catch(() => null);
  return problem?.detail ?? `The server said HTTP ${response.status}.`;
}

/**
 * The annotation form (a <dialog> the page renders for editors): new on a point, or an existing
 * annotation to edit. Saving calls {@code saved()} so the chart and the list show the change.
 */
export function annotationForm(dialog, annotationsUrl, saved) {
  const form = dialog.querySelector('form');
  const error = dialog.querySelector('.form-error');
  const { seriesId, benchmark } = dialog.dataset;
  let precise = null; // the exact instant the date field was filled from
  const open = (title, values) => {
    form.reset();
    error.textContent = '';
    dialog.querySelector('.dialog-title').textContent = title;
    precise = values.at;
    form.elements.annotationId.value = values.id ?? '';
    form.elements.date.value = values.at.slice(0, 10);
    form.elements.runId.value = values.runId ?? '';
    form.elements.scope.value = values.scope ?? 'series';
    form.elements.kind.value = values.kind ?? 'code';
    form.elements.shortText.value = values.shortText ?? '';
    form.elements.longText.value = values.longText ?? '';
    dialog.showModal();
    form.elements.shortText.focus();
  };
  form.addEventListener('submit', async event => {
    event.preventDefault();
    const f = form.elements;
    const scope = f.scope.value;
    const body = {
      // An untouched date keeps the point's time of day, which orders same-day letters.
      at: precise && f.date.value === precise.slice(0, 10) ? precise : f.date.value,
      runId: f.runId.value ? Number(f.runId.value) : null,
      shortText: f.shortText.value,
      longText: f.longText.value,
      kind: f.kind.value,
      scope,
      seriesId: scope === 'series' ? Number(seriesId) : null,
      benchmark: scope === 'group' ? benchmark : null,
    };
    const id = f.annotationId.value;
    error.textContent = '';
    try {
      const response = await fetch(id ? `${annotationsUrl}/${id}` : annotationsUrl, {
        method: id ? 'PUT' : 'POST', headers: writeHeaders(), body: JSON.stringify(body),
      });
      if (!response.ok) {
        error.textContent = await refusal(response);
        return;
      }
      dialog.close();
      await saved();
    } catch (e) {
      error.textContent = `Not saved: ${e.message}`;
    }
  });
  dialog.querySelector('.cancel').addEventListener('click', () => dialog.close());
  return {
    annotate(runId, x) {
      open('Annotate this point', { at: new Date(x).toISOString(), runId });
    },
    edit(a) {
      open(`Edit annotation ${a.letter}`, a);
    },
  };
}
