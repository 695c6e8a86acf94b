// Ticks every alert of a commit range at once: they are usually triaged together.
document.querySelectorAll('.select-range').forEach(box => {
  box.addEventListener('change', () => {
    box.closest('tbody').querySelectorAll('input[name="id"]').forEach(item => { item.checked = box.checked; });
  });
});
