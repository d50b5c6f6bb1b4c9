import { Link } from "react-router";
import { CAMPAIGN, PHASES } from "~/domain/campaign";
import { useParticipation } from "~/lib/participation-state";
import { Button } from "~/components/ui/button";
import { paths } from "~/lib/routes";

/** Each phase's state beside the current one. */
const phaseStatus = (n: number, current: number) =>
  n < current ? "Feta" : n === current ? "En curs" : n === current + 1 ? "Properament" : "Futur";

export default function Initiative() {
  const participation = useParticipation();
  // A day that has passed is never named as a deadline (decision 050).
  const deadline = participation.open
    ? participation.deadlineLabel
      ? `Pots participar fins al ${participation.deadlineLabel}.`
      : "Ara pots participar-hi."
    : participation.closedOnLabel
      ? `La participació es va tancar el ${participation.closedOnLabel}.`
      : "La participació està tancada.";
  return (
    <article className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">De què va?</h1>
      <div className="mt-6 space-y-4 text-lg">
        <p>
          El <strong>Pla director de la bicicleta del Penedès {CAMPAIGN.planPeriod}</strong> és l'eina amb què el Consell Comarcal vol fer
          de la bicicleta una manera fàcil, segura i agradable de moure's pel territori: per anar a l'escola i a la feina, per fer encàrrecs
          i per gaudir del paisatge.
        </p>
        <p>
          Ja hi ha feina feta: un primer recorregut de <strong>{CAMPAIGN.routeKm} km</strong>, amb obres entre el 2023 i el 2025, finançat
          amb <strong>{CAMPAIGN.euFundsMillions} milions d'euros de fons europeus</strong>. Ara volem dibuixar la xarxa completa, i la volem
          dibuixar amb tu.
        </p>
        <p>
          Qui millor que les persones que viuen, treballen i passegen pel Penedès per dir-nos on calen carrils, quins trams fan por i quins
          camins ja fas en bici?{" "}
          {participation.open ? (
            participation.deadlineLabel ? (
              <>
                La consulta és oberta fins al <strong>{participation.deadlineLabel}</strong>.
              </>
            ) : (
              "La consulta és oberta."
            )
          ) : (
            "La consulta ja s'ha tancat: gràcies a totes les persones que hi heu participat!"
          )}
        </p>
      </div>

      <h2 className="mt-12 text-2xl font-extrabold text-brand-dark">Les fases del pla</h2>
      <ol className="mt-6 grid gap-4 md:grid-cols-3">
        {PHASES.map((phase) => {
          const current = phase.n === participation.phase;
          return (
            <li
              key={phase.n}
              aria-current={current ? "step" : undefined}
              className={current ? "rounded-lg border-2 border-brand bg-brand-soft p-5" : "rounded-lg border border-ink/10 p-5"}
            >
              <p className="text-sm font-bold text-brand-dark">
                Fase {phase.n} · {phaseStatus(phase.n, participation.phase)}
              </p>
              <h3 className="mt-1 text-lg font-bold">{phase.title}</h3>
              <p className="mt-2 text-ink/85">
                {phase.text}
                {phase.n === 1 && ` ${deadline}`}
              </p>
            </li>
          );
        })}
      </ol>

      <div className="mt-10 flex flex-wrap gap-3">
        <Button asChild size="lg">
          <Link to={paths.home}>Torna a l'inici</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.testimonis}>Escolta els testimonis</Link>
        </Button>
      </div>
    </article>
  );
}
