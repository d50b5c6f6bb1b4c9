import { useId } from "react";
import { FormField } from "~/components/form-field";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { MUNICIPALITY_NAMES } from "~/domain/map";
import { categories, categoryLabels, type Category } from "~/domain/themes";
import { LIMITS, type FieldErrors } from "~/lib/participation-texts";
import { ConsentCheckbox, useSay } from "./shared";

export interface TestimonialValues {
  title: string;
  category: Category | "";
  terms: boolean;
  /** What the person said, if they write it (issue 33): optional. */
  transcript: string;
  /** Their municipality, if they say it (issue 32): one of the list, or "". */
  municipality: string;
}

/** The message (with its counter), the theme and the terms: shared by the recorder and the upload form. */
export function TestimonialFields({
  values,
  onChange,
  errors,
}: {
  values: TestimonialValues;
  onChange: (values: TestimonialValues) => void;
  errors: FieldErrors;
}) {
  const id = useId();
  const say = useSay();
  return (
    <>
      <FormField
        label={say("forms.testimonial.message")}
        error={errors.title}
        hint={<span aria-live="polite">{say("forms.testimonial.count", { count: values.title.length, max: LIMITS.title })}</span>}
      >
        <Textarea
          name="title"
          rows={2}
          aria-required="true"
          maxLength={LIMITS.title}
          value={values.title}
          onChange={(e) => onChange({ ...values, title: e.target.value.slice(0, LIMITS.title) })}
        />
      </FormField>
      <FormField label={say("forms.testimonial.transcript")} error={errors.transcript} hint={say("forms.testimonial.transcriptHint")}>
        <Textarea
          name="transcript"
          rows={4}
          maxLength={LIMITS.transcript}
          value={values.transcript}
          onChange={(e) => onChange({ ...values, transcript: e.target.value.slice(0, LIMITS.transcript) })}
        />
      </FormField>
      <fieldset
        role="radiogroup"
        aria-required="true"
        className="flex flex-col gap-2"
        aria-describedby={errors.category ? `${id}-category-error` : undefined}
      >
        <legend className="mb-2 text-sm font-semibold">{say("forms.testimonial.theme")}</legend>
        <div className="grid grid-cols-2 gap-2">
          {categories.map((c) => (
            <label
              key={c}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-ink/20 px-3 py-2 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-brand/50"
            >
              <input
                type="radio"
                name="category"
                value={c}
                checked={values.category === c}
                onChange={() => onChange({ ...values, category: c })}
                className="size-4 accent-brand"
              />
              {categoryLabels[c]}
            </label>
          ))}
        </div>
        {errors.category && (
          <p id={`${id}-category-error`} className="text-sm font-semibold text-red-700">
            {errors.category}
          </p>
        )}
      </fieldset>
      <FormField label={say("forms.municipality.label")} error={errors.municipality}>
        <Select
          name="municipality"
          value={values.municipality}
          onChange={(e) => onChange({ ...values, municipality: e.target.value })}
          none={say("forms.municipality.none")}
          options={MUNICIPALITY_NAMES}
        />
      </FormField>
      <ConsentCheckbox
        name="terms"
        text="forms.consent.terms"
        aria-required="true"
        checked={values.terms}
        onChange={(e) => onChange({ ...values, terms: e.target.checked })}
        error={errors.terms}
      />
    </>
  );
}

export const emptyTestimonial: TestimonialValues = { title: "", category: "", terms: false, transcript: "", municipality: "" };
export const isComplete = (v: TestimonialValues) => v.title.trim() !== "" && v.category !== "" && v.terms;
