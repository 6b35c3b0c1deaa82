// Fills the support address of this server (SUPPORT_EMAIL, from /api/app-info/) into the page's contact
// paragraphs; without one they ask users to turn to the server's administrator.
fetch('/api/app-info/')
  .then((res) => (res.ok ? res.json() : { support_email: null }))
  .catch(() => ({ support_email: null }))
  .then(({ support_email: email }) => {
    for (const el of document.querySelectorAll('[data-support]')) {
      if (email) {
        const a = document.createElement('a');
        a.href = `mailto:${email}`;
        a.textContent = email;
        el.replaceChildren('Write to ', a, '.');
      } else {
        el.textContent = 'Ask the administrator of this PoseLab server.';
      }
    }
  });
