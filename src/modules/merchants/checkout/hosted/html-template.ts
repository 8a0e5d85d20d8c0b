/**
 * A tiny HTML template for the hosted checkout pages: `html` is a tagged template whose every
 * interpolated value is escaped unless it is itself `SafeHtml` (the result of another `html`).
 * Nothing else makes `SafeHtml`, so text from the merchant (its name, a title, a reference) or
 * the payer can only ever land in a page as text. Attribute values must be written in double
 * quotes (`value="${x}"`): escaping `"` and `'` keeps them closed. URLs the pages link to are
 * the session's own, checked as `https://` (or test-mode `http://localhost`) at creation.
 */
export class SafeHtml {
  constructor(readonly markup: string) {}

  toString(): string {
    return this.markup;
  }
}

export type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML: the five characters that can open a tag, an entity or close an attribute, escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let markup = strings[0];
  values.forEach((value, index) => {
    markup += render(value) + strings[index + 1];
  });
  return new SafeHtml(markup);
}

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.markup;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}
