// Writes from the pages' scripts carry the CSRF token the layout put in the page for signed-in
// users; the server refuses a write without it.

/** Headers for a JSON write: content type and, when signed in, the CSRF token. */
export function writeHeaders() {
  const token = document.querySelector('meta[name="csrf-token"]')?.content;
  const header = document.querySelector('meta[name="csrf-header"]')?.content;
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (token && header) headers[header] = token;
  return headers;
}

/** Whether someone is signed in: only then do the pages offer to change things. */
export function signedIn() {
  return document.querySelector('meta[name="csrf-token"]') != null;
}
