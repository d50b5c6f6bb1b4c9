// The registry's public part (decision 055): the two back-office addresses that the public site's
// own components use (the header's sign-out, the way back from a 403). In a module of their own,
// so that the public pages' scripts take these two and not the whole registry (the hydration
// budget in tests/e2e/public-site.spec.ts). The registry (admin-screens.ts) builds its screens on them.
export const ADMIN_HOME = "/admin/dashboard";
export const ADMIN_SIGN_OUT = "/admin/sortir";
