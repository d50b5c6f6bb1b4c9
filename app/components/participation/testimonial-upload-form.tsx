import { useState } from "react";
import { FormField } from "~/components/form-field";
import { Input } from "~/components/ui/input";
import { isCategory } from "~/domain/themes";
import { echoed, LIMITS, type WriteResult } from "~/lib/participation-texts";
import { useLocale } from "~/i18n/react";
import { localePaths } from "~/lib/routes";
import { PublicForm, usePublicForm, useSay } from "./shared";
import { emptyTestimonial, isComplete, TestimonialFields, type TestimonialValues } from "./testimonial-fields";

export const AUDIO_ACCEPT = "audio/*,.mp3,.wav,.webm,.weba,.ogg,.oga,.opus,.m4a";

/** Upload an existing audio file: needs no JavaScript and no microphone. */
export function TestimonialUploadForm({ result }: { result?: WriteResult }) {
  const [values, setValues] = useState<TestimonialValues>(() => {
    const category = echoed(result, "category");
    return {
      ...emptyTestimonial,
      title: echoed(result, "title").slice(0, LIMITS.title),
      transcript: echoed(result, "transcript").slice(0, LIMITS.transcript),
      municipality: echoed(result, "municipality"),
      category: isCategory(category) ? category : "",
    };
  });
  const [hasFile, setHasFile] = useState(false);
  const say = useSay();
  // The file is checked by its bytes on the server only.
  const form = usePublicForm({
    key: "testimonial-upload",
    action: localePaths(useLocale()).testimonial,
    result,
    onSuccess: () => {
      setValues(emptyTestimonial);
      setHasFile(false);
    },
  });

  return (
    <PublicForm
      participation
      form={form}
      encType="multipart/form-data"
      submit={{ label: say("forms.testimonial.submit"), ready: hasFile && isComplete(values) }}
    >
      <FormField label={say("forms.testimonial.file")} error={form.errors.audio}>
        <Input
          type="file"
          name="audio"
          accept={AUDIO_ACCEPT}
          aria-required="true"
          onChange={(e) => setHasFile(Boolean(e.target.files?.length))}
        />
      </FormField>
      <TestimonialFields values={values} onChange={setValues} errors={form.errors} />
    </PublicForm>
  );
}
