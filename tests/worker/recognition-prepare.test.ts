// Recognition reads the visible text of an HTML body up to 10,000 characters, and makes it from a
// prefix of the HTML that gives well over that (issue 22: a 60 KiB newsletter was converted whole).
// Property: the prefix gives exactly what converting all of it gives, for any mix of text, tags,
// entities, comments, hidden elements and whitespace.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { htmlToText, stripHidden } from "../../packages/api/src/services/recognition/html.ts";
import { prepareMail } from "../../packages/api/src/services/recognition/prepare.ts";

const fragment = fc.oneof(
  fc.constantFrom("<p>", "</p>", "<br>", "<br/>", "<div class=\"x\">", "</div>", "<td>", "</tr>", "<b>", "</b>", '<a href="https://example.com/a?b=1&amp;c=2">', "</a>"),
  fc.constantFrom("&amp;", "&nbsp;", "&#8203;", "&#x41;", "&lt;", "&unknown;", "&", "\u00a0", "\u200b"),
  fc.constantFrom("<!-- note -->", "<style>p{color:red}</style>", "<script>var a = '<p>';</script>", "<head><title>T</title></head>"),
  fc.constantFrom(" ", "  ", "\n", "\n\n\n", "\t", "\r\n"),
  fc.stringMatching(/^[a-zA-Z0-9 .,:;!?'-]{1,40}$/),
  fc.constantFrom("验证码 482913", "Ваш код", "コード", "Code: 318 604"),
);

describe("the visible text recognition reads", () => {
  it("is the same from a prefix of the HTML as from all of it", () => {
    fc.assert(
      fc.property(fc.array(fragment, { minLength: 500, maxLength: 6000 }), (parts) => {
        const html = parts.join("");
        const whole = htmlToText(stripHidden(html)).slice(0, 10_000);
        expect(prepareMail({ subject: null, text: null, html, from: "a@example.com" }).htmlText).toBe(whole);
      }),
      { numRuns: 150 },
    );
  });
});
