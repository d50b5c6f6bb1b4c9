import { Link, useLocation } from "react-router";
import { PageIntro } from "~/components/page-intro";
import { categoryLabels, paths } from "~/lib/routes";

const LABELS: Record<string, string> = {
  ciutadania: "Per viure millor cada dia",
  infants: "Per anar a l'escola i a l'institut",
  laboral: "Per anar a la feina sense estrès",
  turistic: "Per gaudir del nostre territori",
};

export default function Ambit() {
  const scope = useLocation().pathname.slice(1) as keyof typeof categoryLabels;
  return (
    <PageIntro title={LABELS[scope] ?? ""}>
      <p className="inline-block rounded-full bg-brand-soft px-3 py-1 text-sm font-bold text-brand-dark">{categoryLabels[scope]}</p>
      <p>
        <Link to={paths.participa} className="font-semibold text-brand-dark underline">
          Digues la teva
        </Link>
        {" · "}
        <Link to={paths.ambits} className="font-semibold text-brand-dark underline">
          Tornar als àmbits
        </Link>
      </p>
    </PageIntro>
  );
}
