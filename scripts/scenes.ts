// Writes the campaign's illustrations (app/seed/scenes.ts) to public/images/scenes/ and the default
// collaborators' image (app/seed/marks.ts) to public/images/. Usage: npm run scenes
import { writeFileSync } from "node:fs";
import { collaboratorsSvg } from "../app/seed/marks";
import { SCENES } from "../app/domain/campaign";
import { sceneSvg } from "../app/seed/scenes";

const files: [string, string][] = [
  ...SCENES.map((scene): [string, string] => [`public/images/scenes/${scene}.svg`, sceneSvg(scene)]),
  ["public/images/collaborators.svg", collaboratorsSvg()],
];
for (const [file, svg] of files) {
  writeFileSync(file, svg);
  console.log(`${file} ${Buffer.byteLength(svg)} B`);
}
