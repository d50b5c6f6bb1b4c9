import { Button } from "~/components/ui/button";
import { ExternalFrame } from "./external-frame";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";

/** The participatory questionnaire: an external form embedded in a sandboxed frame. */
export function QuestionnaireDialog({ src }: { src: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button>Respon el qüestionari</Button>
      </DialogTrigger>
      <DialogContent className="h-[90dvh] grid-rows-[auto_1fr] sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Qüestionari participatiu</DialogTitle>
          <DialogDescription>Entre 5 i 10 minuts. És anònim.</DialogDescription>
        </DialogHeader>
        <ExternalFrame
          what="questionnaire"
          src={src}
          title="Qüestionari participatiu del pla director de la bicicleta"
          sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
          className="size-full min-h-96 rounded-md border border-ink/10"
        />
      </DialogContent>
    </Dialog>
  );
}
