/**
 * Hostile user text for the content-safety tests (script, javascript:, HTML with event handlers)
 * and the checks that none of it became an element, an event handler or a non-http(s) link.
 */

/** Script, javascript:, HTML with event handlers and entities, as a user might type them. */
export const PAYLOADS = [
  '<script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned = 1">',
  'javascript:window.__pwned=1',
  'JaVaScRiPt:alert(1)',
  '<a href="javascript:alert(1)">click me</a>',
  '"><svg onload=alert(1)>',
  '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  '<b>bold</b> &amp; &lt;',
] as const;

/** Every payload in one text. */
export const HOSTILE = PAYLOADS.join(' ');

/** Everything under `root` that would run or inject: elements, handlers, unsafe links. */
export const unsafeIn = (root: ParentNode): string[] => {
  const found: string[] = [];
  for (const el of Array.from(root.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (['script', 'iframe', 'object', 'embed', 'b'].includes(tag)) found.push(`<${tag}>`);
    for (const attr of Array.from(el.attributes)) {
      if (attr.name.toLowerCase().startsWith('on')) found.push(`${tag}[${attr.name}]`);
    }
    const href = el.getAttribute('href') ?? el.getAttribute('src');
    if (href && /^\s*(javascript|data|vbscript):/i.test(href)) found.push(`${tag}: ${href}`);
  }
  return found;
};

/** Link targets a screen may use: http(s), mail and phone, and the app's own paths. */
export const SAFE_HREF = /^(https?:|mailto:|tel:|\/|#)/i;

/** What a payload that ran would have set. */
export const pwned = (): number | undefined => (window as { __pwned?: number }).__pwned;

export const forgetPwned = () => {
  delete (window as { __pwned?: number }).__pwned;
};
