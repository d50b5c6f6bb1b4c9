import { useCallback, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { categories, type Category } from "~/domain/themes";
import { echoed, type WriteResult } from "~/lib/participation-texts";
import { useHydrated } from "~/lib/utils";
import { errorsOf, Honeypot, ResultMessage, useResultToasts } from "./shared";
import { emptyTestimonial, isComplete, TestimonialFields, type TestimonialValues } from "./testimonial-fields";

export const TESTIMONIAL_ACTION = "/testimonis/enviar";
export const AUDIO_ACCEPT = "audio/*,.mp3,.wav,.webm,.weba,.ogg,.oga,.opus,.m4a";

/** Upload an existing audio file: needs no JavaScript and no microphone. */
export function TestimonialUploadForm({ result }: { result?: WriteResult }) {
  const fetcher = useFetcher<WriteResult>({ key: "testimonial-upload" });
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<TestimonialValues>(() => {
    const category = echoed(result, "category");
    return {
      ...emptyTestimonial,
      title: echoed(result, "title").slice(0, 100),
      category: (categories as readonly string[]).includes(category) ? (category as Category) : "",
    };
  });
  const [hasFile, setHasFile] = useState(false);
  const data = fetcher.data ?? result;
  const errors = errorsOf(fetcher.state === "idle" ? data : undefined);
  const submitting = fetcher.state !== "idle";
  const reset = useCallback(() => {
    form.current?.reset();
    setValues(emptyTestimonial);
    setHasFile(false);
  }, []);
  useResultToasts(fetcher, reset);

  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={TESTIMONIAL_ACTION}
      encType="multipart/form-data"
      className="relative flex flex-col gap-4"
    >
      <Honeypot />
      <FormField label="Fitxer d'àudio (mp3, wav, webm, ogg o m4a; màxim 1 minut)" error={errors.audio}>
        <Input
          type="file"
          name="audio"
          accept={AUDIO_ACCEPT}
          aria-required="true"
          onChange={(e) => setHasFile(Boolean(e.target.files?.length))}
        />
      </FormField>
      <TestimonialFields values={values} onChange={setValues} errors={errors} />
      <ResultMessage result={data} hydrated={hydrated} />
      <div>
        <Button type="submit" disabled={hydrated && (submitting || !hasFile || !isComplete(values))}>
          {submitting ? "Enviant..." : "Envia el testimoni"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
