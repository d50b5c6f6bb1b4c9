import { useRouteLoaderData } from "react-router";
import { DEFAULT_CONSULTATION, type PhaseNumber } from "~/domain/campaign";
import type { ModerationMode } from "~/domain/contributions";
import { formatLongDate } from "./dates";

// What every public page knows of the consultation (decision 029): whether participation is open,
// the closing date as the pages write it, the phase, and how contributions are published. The
// public layout's loader reads it from the settings once per page.

export interface ParticipationState {
  open: boolean;
  closesOn: string;
  /** '31 de desembre de 2025'. */
  closesOnLabel: string;
  phase: PhaseNumber;
  mode: ModerationMode;
}

export const participationState = (
  c: { closesOn: string; phase: PhaseNumber; open: boolean },
  mode: ModerationMode,
): ParticipationState => ({
  ...c,
  closesOnLabel: formatLongDate(c.closesOn),
  mode,
});

export const DEFAULT_PARTICIPATION = participationState(DEFAULT_CONSULTATION, "publish_then_review");

/** The public layout's participation state (the defaults outside it). */
export function useParticipation(): ParticipationState {
  const data = useRouteLoaderData("routes/public-layout") as { participation?: ParticipationState } | undefined;
  return data?.participation ?? DEFAULT_PARTICIPATION;
}

/** What the public pages say about publication, in each mode. */
export const MODE_NOTES: Record<ModerationMode, string> = {
  publish_then_review:
    "Les reflexions i els comentaris al mapa es publiquen en enviar-los, i l'equip de moderació els revisa després. Els testimonis d'àudio es publiquen un cop revisats.",
  review_first: "L'equip de moderació revisa cada aportació abans de publicar-la.",
};
