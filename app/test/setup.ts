import { movedClock, fixClock } from "./clock";

// Runs before every test file (vitest.config.ts). Only the guard run sets TEST_CLOCK.
const moved = movedClock();
if (moved) fixClock(moved);
