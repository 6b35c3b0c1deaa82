// Fills the support address of this server (SUPPORT_EMAIL, from /api/app-info/) into the page's contact
// paragraphs, in the page's language; without one they ask users to turn to the server's administrator.
const german = document.documentElement.lang === 'de';
fetch('/api/app-info/')
  .then((res) => (res.ok ? res.json() : { support_email: null }))
  .catch(() => ({ support_email: null }))
  .then(({ support_email: email }) => {
    for (const el of document.querySelectorAll('[data-support]')) {
      if (email) {
        const a = document.createElement('a');
        a.href = `mailto:${email}`;
        a.textContent = email;
        el.replaceChildren(german ? 'Schreiben Sie an ' : 'Write to ', a, '.');
      } else {
        el.textContent = german
          ? 'Wenden Sie sich an die Administration dieses PoseLab-Servers.'
          : 'Ask the administrator of this PoseLab server.';
      }
    }
  });
