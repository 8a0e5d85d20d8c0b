import { escapeHtml, html, SafeHtml } from './html-template';

describe('hosted checkout HTML template', () => {
  it('escapes every interpolated text, in content and in attributes', () => {
    const name = `<script>alert("x")</script> & 'co'`;
    const page = html`<h1 title="${name}">${name}</h1>`;
    expect(page.markup).toBe(
      '<h1 title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;">' +
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</h1>',
    );
  });

  it('inserts nested templates as they are, and arrays of them in order', () => {
    const items = ['a<b', 'c'].map((item) => html`<li>${item}</li>`);
    // prettier-ignore
    const list = html`<ul>${items}</ul>`;
    expect(list.markup).toBe('<ul><li>a&lt;b</li><li>c</li></ul>');
  });

  it('leaves nothing for null, undefined and false, and writes numbers', () => {
    expect(html`${null}${undefined}${false}${0}${42}`.markup).toBe('042');
  });

  it('never trusts a string that looks like markup, only SafeHtml', () => {
    const forged = JSON.parse('{"markup":"<b>bold</b>"}') as string;
    expect(html`${forged}`.markup).toBe('[object Object]');
    expect(html`${new SafeHtml('<b>bold</b>')}`.markup).toBe('<b>bold</b>');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
