import { REMINDER_MESSAGES as R } from '@shared/messages';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The small page of the unsubscribe link; `form` (a query string) adds the confirming POST button. */
export function unsubscribePage(input: { title: string; body: string; form?: string }): string {
  const form = input.form
    ? `<form method="post" action="${escapeHtml(input.form)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${escapeHtml(R.unsubscribeButton)}</button>
</form>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(input.title)}</title>
<style>
body{margin:0;padding:48px 16px;background:#f5f5f5;font-family:Segoe UI,Helvetica,Arial,sans-serif;color:#242424}
main{max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:24px}
h1{font-size:20px;margin:0 0 12px}
button{margin-top:16px;padding:10px 18px;border:0;border-radius:4px;background:#0f6cbd;color:#fff;font-size:15px;font-weight:600;cursor:pointer}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(input.title)}</h1>
<p>${escapeHtml(input.body)}</p>
${form}
</main>
</body>
</html>
`;
}
