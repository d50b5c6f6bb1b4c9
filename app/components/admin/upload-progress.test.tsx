import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UploadProgress } from "./upload-progress";

describe("UploadProgress", () => {
  it("shows nothing until an upload is sent", () => {
    expect(renderToStaticMarkup(<UploadProgress value={null} />)).toBe("");
  });

  it("shows a named progress bar and the per cent, read out as it changes", () => {
    const html = renderToStaticMarkup(<UploadProgress value={40} />);
    expect(html).toMatch(
      /role="progressbar"[^>]*aria-label="Progrés de la pujada"|aria-label="Progrés de la pujada"[^>]*role="progressbar"/,
    );
    expect(html).toContain('aria-valuenow="40"');
    expect(html).toContain('<p class="text-sm" aria-live="polite">40%</p>');
  });
});
