import { expect, it } from "vitest";
import { z } from "zod";
import { checkForm, fieldErrors, firstError, formValues, hasErrors } from "./forms";

const schema = z.object({ title: z.string().min(1, "El títol és obligatori"), date: z.iso.date("La data és obligatòria") });

it("keeps the first message of each field, and puts a message about the whole form under 'form'", () => {
  const parsed = z
    .object({ a: z.string().min(2, "a curta").max(1, "a llarga"), b: z.string() })
    .refine(() => false, "tot malament")
    .safeParse({ a: "x", b: 1 });
  expect(parsed.success).toBe(false);
  expect(fieldErrors(parsed.error!)).toEqual({ a: "a curta", b: expect.any(String) });
  const whole = z
    .object({})
    .refine(() => false, "tot malament")
    .safeParse({});
  expect(fieldErrors(whole.error!)).toEqual({ form: "tot malament" });
  expect(firstError(whole.error!)).toBe("tot malament");
});

it("checks a form's text fields with the action's schema, files left aside", () => {
  const data = new FormData();
  data.set("title", "");
  data.set("file", new Blob(["x"]), "x.txt");
  expect(formValues(data)).toEqual({ title: "" });
  const errors = checkForm(schema, data);
  expect(errors).toEqual({ title: "El títol és obligatori", date: "La data és obligatòria" });
  expect(hasErrors(errors)).toBe(true);
  data.set("title", "Pedalada");
  data.set("date", "2030-06-15");
  expect(checkForm(schema, data)).toEqual({});
  expect(hasErrors({})).toBe(false);
});
