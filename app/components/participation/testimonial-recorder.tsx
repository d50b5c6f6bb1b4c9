import { MicIcon, PauseIcon, PlayIcon, SquareIcon, Trash2Icon } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "~/lib/toast";
import { FormField, SubmitButton } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { LIMITS, MESSAGES } from "~/lib/participation-texts";
import { useLocale } from "~/i18n/react";
import { localePaths } from "~/lib/routes";
import { cn } from "~/lib/utils";
import { withWebmDuration } from "~/lib/webm-duration";
import { FormError, SuccessPanel, usePublicForm, useSay } from "./shared";
import { emptyTestimonial, isComplete, TestimonialFields, type TestimonialValues } from "./testimonial-fields";
import { AUDIO_ACCEPT } from "./testimonial-upload-form";

// Loaded only when the testimonial dialog opens (React.lazy), so it weighs nothing on page load.

/** Chrome and Firefox record WebM/Opus; Safari (iOS included) records MP4/AAC. */
const MIME_CANDIDATES = ["audio/webm;codecs=opus", "audio/webm", "audio/mp4;codecs=mp4a.40.2", "audio/mp4", "audio/ogg;codecs=opus"];

function pickMimeType(): string | null {
  if (typeof MediaRecorder === "undefined") return null;
  return MIME_CANDIDATES.find((m) => MediaRecorder.isTypeSupported(m)) ?? "";
}

const extensionFor = (type: string) => (type.includes("mp4") ? "m4a" : type.includes("ogg") ? "ogg" : "webm");

const formatSeconds = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;

interface Recorded {
  blob: Blob;
  url: string;
  /** Seconds; null when the file does not say. */
  duration: number | null;
  name: string;
}

type Phase = "idle" | "recording" | "recorded";

export default function TestimonialRecorder() {
  const [phase, setPhase] = useState<Phase>("idle");
  const [elapsed, setElapsed] = useState(0);
  const [recorded, setRecorded] = useState<Recorded | null>(null);
  const [playing, setPlaying] = useState(false);
  const [micError, setMicError] = useState(false);
  const [values, setValues] = useState<TestimonialValues>(emptyTestimonial);
  // The recorder is only ever rendered in the browser (lazy, inside a dialog).
  const [supported] = useState(pickMimeType);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const startedAt = useRef(0);
  const player = useRef<HTMLAudioElement>(null);
  const say = useSay();
  const action = localePaths(useLocale()).testimonial;

  const release = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
  }, []);

  // Closing the dialog mid-recording lets go of the microphone.
  useEffect(
    () => () => {
      if (recorder.current?.state === "recording") {
        recorder.current.onstop = null;
        recorder.current.stop();
      }
      release();
    },
    [release],
  );
  useEffect(() => () => void (recorded && URL.revokeObjectURL(recorded.url)), [recorded]);

  const stop = useCallback(
    (automatic: boolean) => {
      if (recorder.current?.state !== "recording") return;
      if (timer.current) clearInterval(timer.current);
      timer.current = null;
      recorder.current.stop();
      if (automatic) {
        const { title, description } = say.message(MESSAGES.recordingAutoStopped);
        toast.info(title, { description });
      } else toast.success(say(MESSAGES.recordingFinished));
    },
    [say],
  );

  const start = async () => {
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setMicError(true);
      const { title, description } = say.message(MESSAGES.microphone);
      toast.error(title, { description });
      return;
    }
    setMicError(false);
    stream.current = media;
    const mimeType = pickMimeType();
    const rec = new MediaRecorder(media, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: LIMITS.recordingBitrate });
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    rec.onstop = async () => {
      release();
      const ms = Math.min(LIMITS.recording * 1000, Date.now() - startedAt.current);
      const type = (rec.mimeType || mimeType || "audio/webm").split(";")[0]!;
      let blob = new Blob(chunks, { type });
      // Chrome's MediaRecorder leaves no Duration in WebM: players show no length and cannot seek.
      if (type.includes("webm"))
        blob = new Blob([withWebmDuration(new Uint8Array(await blob.arrayBuffer())) as Uint8Array<ArrayBuffer>], { type });
      setRecorded({ blob, url: URL.createObjectURL(blob), duration: ms / 1000, name: `testimoni.${extensionFor(type)}` });
      setPhase("recorded");
    };
    recorder.current = rec;
    rec.start(1000);
    startedAt.current = Date.now();
    setElapsed(0);
    setPhase("recording");
    toast.success(say(MESSAGES.recordingStarted));
    timer.current = setInterval(() => {
      const seconds = (Date.now() - startedAt.current) / 1000;
      setElapsed(Math.min(seconds, LIMITS.recording));
      if (seconds >= LIMITS.recording) stop(true);
    }, 250);
  };

  const discard = () => {
    player.current?.pause();
    setPlaying(false);
    setRecorded(null);
    setElapsed(0);
    setPhase("idle");
  };

  const choose = (file: File | undefined) => {
    if (!file) return;
    setRecorded({ blob: file, url: URL.createObjectURL(file), duration: null, name: file.name });
    setPhase("recorded");
  };

  // The recording is sent as a file, built here: the form is the hook's fetcher, not a <form> it renders.
  // A failed send keeps the recording and the fields for another try (issue 27).
  const {
    fetcher,
    errors,
    submitting,
    data,
    success,
    again,
    formProps: { ref: formRef },
  } = usePublicForm({
    key: "testimonial",
    action,
    onSuccess: () => {
      setRecorded(null);
      setPhase("idle");
      setValues(emptyTestimonial);
    },
  });

  const complete = recorded !== null && isComplete(values);
  const warning = phase === "recording" && elapsed >= LIMITS.recordingWarning;
  const remaining = Math.max(0, LIMITS.recording - Math.floor(elapsed));

  if (success) return <SuccessPanel result={success} again={say("forms.another")} againHref={action} onAgain={again} />;

  return (
    <form
      ref={formRef}
      // (Never posted by the browser itself: the action names the page for React Router to know it.)
      action={action}
      data-discover="true"
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        if (!recorded || !isComplete(values)) {
          const { title, description } = say.message(MESSAGES.testimonialMissing);
          toast.error(title, { description });
          return;
        }
        const body = new FormData();
        body.set("audio", new File([recorded.blob], recorded.name, { type: recorded.blob.type }));
        body.set("title", values.title.trim());
        body.set("category", values.category);
        if (values.transcript.trim()) body.set("transcript", values.transcript.trim());
        if (values.municipality) body.set("municipality", values.municipality);
        body.set("terms", "on");
        if (recorded.duration !== null) body.set("duration", String(Math.round(recorded.duration)));
        void fetcher.submit(body, { method: "post", action, encType: "multipart/form-data" });
      }}
    >
      <section
        aria-label={say("forms.testimonial.audio")}
        className="flex flex-col gap-3 rounded-lg border border-ink/10 bg-brand-soft/50 p-4"
      >
        {phase === "idle" && (
          <>
            {supported !== null ? (
              <Button type="button" onClick={() => void start()} className="self-start">
                <MicIcon aria-hidden="true" />
                {say("forms.testimonial.record")}
              </Button>
            ) : (
              <p>{say("forms.testimonial.cannotRecord")}</p>
            )}
            {micError && (
              <p role="alert" className="text-sm font-semibold text-red-700">
                {say(MESSAGES.microphone.title)} - {say(MESSAGES.microphone.description)}
              </p>
            )}
            <FormField label={say("forms.testimonial.orUpload")} error={errors.audio}>
              <Input type="file" accept={AUDIO_ACCEPT} onChange={(e) => choose(e.target.files?.[0])} />
            </FormField>
          </>
        )}
        {phase === "recording" && (
          <div className="flex flex-col gap-2">
            <p className={cn("text-2xl font-bold tabular-nums", warning && "text-red-700")} aria-live="off">
              <span className="sr-only">{say("forms.testimonial.remaining")}</span>
              {formatSeconds(remaining)}
            </p>
            <p role="status" className={cn("text-sm", warning ? "font-semibold text-red-700" : "text-ink/80")}>
              {say(warning ? "forms.testimonial.warning" : "forms.testimonial.recording")}
            </p>
            <Button type="button" variant="destructive" onClick={() => stop(false)} className="self-start">
              <SquareIcon aria-hidden="true" />
              {say("forms.testimonial.stop")}
            </Button>
          </div>
        )}
        {phase === "recorded" && recorded && (
          <div className="flex flex-col gap-2">
            <p className="text-sm">
              {recorded.duration !== null
                ? say("forms.testimonial.readyFor", { length: formatSeconds(recorded.duration) })
                : say("forms.testimonial.ready")}
            </p>
            <audio
              ref={player}
              src={recorded.url}
              preload="metadata"
              onPlay={() => setPlaying(true)}
              onPause={() => setPlaying(false)}
              onEnded={() => setPlaying(false)}
              onLoadedMetadata={(e) => {
                const d = e.currentTarget.duration;
                if (recorded.duration === null && Number.isFinite(d)) setRecorded({ ...recorded, duration: d });
              }}
            >
              {say(MESSAGES.audioUnsupported)}
            </audio>
            <div className="flex flex-wrap gap-2">
              {playing ? (
                <Button type="button" variant="outline" onClick={() => player.current?.pause()}>
                  <PauseIcon aria-hidden="true" />
                  {say("forms.testimonial.pause")}
                </Button>
              ) : (
                <Button type="button" variant="outline" onClick={() => void player.current?.play()}>
                  <PlayIcon aria-hidden="true" />
                  {say("forms.testimonial.play")}
                </Button>
              )}
              <Button type="button" variant="ghost" onClick={discard} disabled={submitting}>
                <Trash2Icon aria-hidden="true" />
                {say("forms.testimonial.discard")}
              </Button>
            </div>
          </div>
        )}
      </section>
      <TestimonialFields values={values} onChange={setValues} errors={errors} />
      <SubmitButton
        submitting={submitting}
        busy={say("forms.sending")}
        disabled={submitting || phase === "recording" || !complete}
        className="self-start"
      >
        {say("forms.testimonial.submit")}
      </SubmitButton>
      <FormError result={data} submitting={submitting} />
    </form>
  );
}
