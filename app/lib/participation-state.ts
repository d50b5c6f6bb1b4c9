import { useRouteLoaderData } from "react-router";
import type { Consultation, PhaseNumber } from "~/domain/campaign";
import { consultationState } from "~/domain/consultation";
import type { ModerationMode } from "~/domain/contributions";
import type { Locale } from "../i18n/locales";
import { formatLongDate } from "./dates";

// What every public page knows of the consultation (decisions 029 and 050): whether participation
// is open, its deadline as the pages write it (never a day that has passed), the phase, and how
// contributions are published. The public layout's loader reads it from the settings once per page.

export interface ParticipationState {
  open: boolean;
  /** Open: the last day to take part (YYYY-MM-DD); null when no date is set. */
  deadline: string | null;
  /** '31 de desembre del 2025' (in the page's language), or null: the pages then name no date. */
  deadlineLabel: string | null;
  /** Closed because its last day passed: that day, written out. */
  closedOnLabel: string | null;
  phase: PhaseNumber;
  mode: ModerationMode;
}

export function participationState(
  c: Consultation,
  mode: ModerationMode,
  now: Date | number = Date.now(),
  locale: Locale = "ca",
): ParticipationState {
  const state = consultationState(c, now);
  return {
    open: state.open,
    deadline: state.deadline,
    deadlineLabel: state.deadline ? formatLongDate(state.deadline, locale) : null,
    closedOnLabel: state.closedOn ? formatLongDate(state.closedOn, locale) : null,
    phase: c.phase,
    mode,
  };
}

/** When the settings cannot be read: open, with no date named. */
export const DEFAULT_PARTICIPATION: ParticipationState = {
  open: true,
  deadline: null,
  deadlineLabel: null,
  closedOnLabel: null,
  phase: 1,
  mode: "publish_then_review",
};

/** The public layout's participation state (the defaults outside it). */
export function useParticipation(): ParticipationState {
  const data = useRouteLoaderData("routes/public-layout") as { participation?: ParticipationState } | undefined;
  return data?.participation ?? DEFAULT_PARTICIPATION;
}
