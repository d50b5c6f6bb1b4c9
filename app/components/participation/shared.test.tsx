import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LIMITS } from "~/lib/participation-texts";
import { WithMessages } from "~/test/i18n";
import { ContributionText, EmailField } from "./shared";

// The fields the public forms share: one e-mail field, one contribution text. Their words are the
// page's language's (decision 059).

describe("EmailField", () => {
  it("is optional by default: labelled so, with no aria-required, and the e-mail's length limit", () => {
    const html = renderToStaticMarkup(
      <WithMessages>
        <EmailField />
      </WithMessages>,
    );
    expect(html).toContain(">Correu electrònic (opcional)</label>");
    for (const attribute of ['type="email"', 'name="email"', 'autoComplete="email"'])
      expect(html).toMatch(new RegExp(`<input[^>]*${attribute}`));
    expect(html).toContain(`maxLength="${LIMITS.email}"`);
    expect(html).not.toContain("aria-required");
  });

  it("when required says so to screen readers; its error is tied to the input", () => {
    const html = renderToStaticMarkup(
      <WithMessages>
        <EmailField required error="Cal un correu electrònic vàlid." />
      </WithMessages>,
    );
    expect(html).toContain(">Correu electrònic</label>");
    expect(html).toContain('aria-required="true"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toMatch(/aria-describedby="([^"]+)-error"[\s\S]*<p id="\1-error"[^>]*>Cal un correu electrònic vàlid\.<\/p>/);
  });

  it("is labelled in the page's language", () => {
    const label = (locale: "es" | "en", required: boolean) =>
      renderToStaticMarkup(
        <WithMessages locale={locale}>
          <EmailField required={required} />
        </WithMessages>,
      );
    expect(label("es", false)).toContain(">Correo electrónico (opcional)</label>");
    expect(label("en", true)).toContain(">E-mail address</label>");
  });
});

describe("ContributionText", () => {
  it("is a required textarea with its name, size, limit and value", () => {
    const html = renderToStaticMarkup(
      <ContributionText label="Comentari" name="comment" rows={4} maxLength={LIMITS.comment} value="Hola" onChange={() => {}} />,
    );
    expect(html).toContain(">Comentari</label>");
    for (const attribute of ['aria-required="true"', 'name="comment"', 'rows="4"', `maxLength="${LIMITS.comment}"`])
      expect(html).toMatch(new RegExp(`<textarea[^>]*${attribute}[^>]*>Hola</textarea>`));
  });
});
