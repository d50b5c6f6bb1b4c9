import fs from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import Invitation from "./invitation";
import Login from "./login";
import SecondFactor from "./second-factor";

// The screens before the back office (sign-in, second factor, invitation) are built from the shared
// fields (InputField, FormAlert, SubmitButton), like every other form, never from hand-wired inputs.

type Props = Record<string, unknown>;
// The route components, given the loader's and action's data as the framework would give them.
function render(Screen: unknown, props: Props) {
  const Route = Screen as (props: Props) => React.ReactNode;
  const Component = () => <Route {...props} />;
  const router = createMemoryRouter([{ path: "/", Component }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}
const inputs = (html: string) => [...html.matchAll(/<input(?![^>]*type="hidden")[^>]*>/g)].map((m) => m[0]);
const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];

const SCREENS = [
  { file: "login", Screen: Login, props: { loaderData: { signedOut: false } }, errorId: "login-error", fields: ["email", "password"] },
  { file: "second-factor", Screen: SecondFactor, props: {}, errorId: "code-error", fields: ["code"] },
  {
    file: "invitation",
    Screen: Invitation,
    props: { loaderData: { valid: true, email: "anna@example.cat" } },
    errorId: "invitation-error",
    fields: ["password", "confirm"],
  },
] as const;

describe("the sign-in, second-factor and invitation screens", () => {
  it("import the shared fields and submit button, not the bare input, label or button", () => {
    for (const { file } of SCREENS) {
      const source = fs.readFileSync(`app/routes/admin/${file}.tsx`, "utf8");
      expect(source, file).toMatch(/from "~\/components\/form-field"/);
      expect(source, file).not.toMatch(/from "~\/components\/ui\/(input|label|button)"/);
    }
  });

  it("label every field; the sign-in keeps an e-mail and a password field (the runtime contract)", () => {
    for (const { file, Screen, props, fields } of SCREENS) {
      const html = render(Screen, props);
      const tags = inputs(html);
      expect(
        tags.map((tag) => attr(tag, "name")),
        file,
      ).toEqual(fields);
      for (const tag of tags) expect(html, file).toContain(`for="${attr(tag, "id")}"`);
      expect(html).not.toContain('role="alert"');
      expect(html).not.toContain('aria-invalid="');
    }
    const login = inputs(render(Login, SCREENS[0].props));
    expect(login.map((tag) => attr(tag, "type"))).toEqual(["email", "password"]);
  });

  it("with an error, show it once as an alert that the invalid fields name", () => {
    for (const { file, Screen, props, errorId } of SCREENS) {
      const html = render(Screen, { ...props, actionData: { error: "No és correcte." } });
      expect(html.match(/role="alert"/g), file).toHaveLength(1);
      expect(html, file).toContain(`<p id="${errorId}" role="alert" class="text-sm font-semibold text-red-700">No és correcte.</p>`);
      const described = inputs(html).filter((tag) => attr(tag, "aria-describedby") === errorId);
      expect(described.length, file).toBeGreaterThan(0);
      for (const tag of described) expect(tag).toContain('aria-invalid="true"');
    }
  });

  it("submit with one shared button, its label kept", () => {
    const html = render(Login, SCREENS[0].props);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Entra<\/button>/);
  });
});
