// Drops and creates the database named by DATABASE_URL, through a connection to
// E2E_DATABASE_URL (a database that exists on the same server). The Playwright suite runs on
// PostgreSQL this way: a fresh, empty database for each run, named after its port.
import pg from "pg";

const target = new URL(process.env.DATABASE_URL ?? "");
const name = decodeURIComponent(target.pathname.slice(1));
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
const admin = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
await admin.connect();
try {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
} finally {
  await admin.end();
}
