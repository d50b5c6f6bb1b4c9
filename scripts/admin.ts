// Admin accounts from the command line:
//   npm run admin -- create <email> [--password <password>]
//   npm run admin -- reset-password <email> [--password <password>]
//   npm run admin -- reset-2fa <email>
//   npm run admin -- list
// Without --password, the password is asked for (hidden) or read from standard input.
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { z } from "zod";
import { adminUsers } from "~/db/schema";
import { ensureAdmin, resetAdminPassword, resetSecondFactor } from "~/models/admin-users.server";
import { parseEnv } from "~/infra/env.server";
import { closeRuntime, openRuntime } from "../server/runtime";

const USAGE = `Ús:
  npm run admin -- create <correu> [--password <contrasenya>]
  npm run admin -- reset-password <correu> [--password <contrasenya>]
  npm run admin -- reset-2fa <correu>
  npm run admin -- list`;

const emailSchema = z.email({ error: "El correu no és vàlid." });
const passwordSchema = z.string().min(10, { error: "La contrasenya ha de tenir com a mínim 10 caràcters." });

async function askPassword(): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  if (!process.stdin.isTTY) {
    for await (const line of rl) {
      rl.close();
      return line;
    }
    return "";
  }
  // Hide what is typed.
  const write = rl as unknown as { _writeToOutput: (s: string) => void };
  return new Promise((resolve) => {
    rl.question("Contrasenya: ", (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    write._writeToOutput = () => {};
  });
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main() {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { password: { type: "string" } } });
  const [command, email] = positionals;
  if (command !== "create" && command !== "reset-password" && command !== "reset-2fa" && command !== "list") fail(USAGE);

  let password = "";
  if (command === "reset-2fa" && !emailSchema.safeParse(email).success) fail(USAGE);
  if (command === "create" || command === "reset-password") {
    const parsedEmail = emailSchema.safeParse(email);
    if (!parsedEmail.success) fail(email ? parsedEmail.error.issues[0]!.message : USAGE);
    password = values.password ?? (await askPassword());
    const parsedPassword = passwordSchema.safeParse(password);
    if (!parsedPassword.success) fail(parsedPassword.error.issues[0]!.message);
  }

  const runtime = await openRuntime(parseEnv());
  try {
    const { db } = runtime.database;
    if (command === "list") {
      const rows = await db
        .select({ email: adminUsers.email, role: adminUsers.role, disabledAt: adminUsers.disabledAt, createdAt: adminUsers.createdAt })
        .from(adminUsers);
      if (rows.length === 0) console.log("No hi ha cap administrador.");
      for (const row of rows)
        console.log(`${row.email}\t${row.role}${row.disabledAt ? " (desactivat)" : ""}\t${row.createdAt.toISOString()}`);
    } else if (command === "create") {
      const result = await ensureAdmin(db, email!, password);
      if (result === "exists")
        fail(`Ja hi ha un administrador amb el correu ${email}. Fes servir reset-password per canviar-ne la contrasenya.`);
      console.log(`Administrador creat: ${email}`);
    } else if (command === "reset-2fa") {
      if (!(await resetSecondFactor(db, email!))) fail(`No hi ha cap compte amb el correu ${email}.`);
      console.log(`S'ha tret la verificació en dos passos de ${email}. S'han tancat totes les seves sessions.`);
    } else {
      if (!(await resetAdminPassword(db, email!, password))) fail(`No hi ha cap administrador amb el correu ${email}.`);
      console.log(`Contrasenya canviada per a ${email}. S'han tancat totes les seves sessions.`);
    }
  } finally {
    await closeRuntime(runtime);
  }
}

main().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
