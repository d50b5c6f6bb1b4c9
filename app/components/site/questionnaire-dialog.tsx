import { useSay } from "~/components/participation/shared";
import { Button } from "~/components/ui/button";
import { ExternalFrame } from "./external-frame";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";

/** The participatory questionnaire: an external form embedded in a sandboxed frame. */
export function QuestionnaireDialog({ src }: { src: string }) {
  const say = useSay();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button>{say("forms.questionnaire.open")}</Button>
      </DialogTrigger>
      <DialogContent className="h-[90dvh] grid-rows-[auto_1fr] sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{say("forms.questionnaire.title")}</DialogTitle>
          <DialogDescription>{say("forms.questionnaire.description")}</DialogDescription>
        </DialogHeader>
        <ExternalFrame
          what="questionnaire"
          src={src}
          title={say("forms.questionnaire.frameTitle")}
          sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
          className="size-full min-h-96 rounded-md border border-ink/10"
        />
      </DialogContent>
    </Dialog>
  );
}
