import { describe, expect, it } from "vitest";
import { pageKey } from "./page-cache";

const key = (path: string) => pageKey(new URL(path, "http://127.0.0.1:3000"));

describe("pageKey", () => {
  it("keeps only the parameters a page reads, the first value of each, in a fixed order", () => {
    expect(key("/")).toBe("/");
    expect(key("/?utm_source=butlleti&fbclid=x")).toBe("/");
    expect(key("/recursos?ambit=infants")).toBe("/recursos");
    expect(key("/testimonis?utm_medium=xarxes&ambit=infants&ambit=laboral")).toBe("/testimonis?ambit=infants");
    expect(key("/testimonis?ambit=")).toBe("/testimonis?ambit=");
    expect(key("/aportacions?pagina=2&x=1&tipus=reflection")).toBe("/aportacions?tipus=reflection&pagina=2");
  });

  it("keeps them, and React Router's own, for a page's data and for route discovery on a client-side navigation", () => {
    expect(key("/aportacions.data?tipus=testimonial&_routes=routes%2Faportacions&gclid=1")).toBe(
      "/aportacions.data?tipus=testimonial&_routes=routes%2Faportacions",
    );
    expect(key("/_root.data?_routes=root%2Croutes%2Fhome&utm_source=x")).toBe("/_root.data?_routes=root%2Croutes%2Fhome");
    expect(key("/testimonis.data?ambit=infants")).toBe("/testimonis.data?ambit=infants");
    expect(key("/__manifest?paths=%2F%2C%2Frecursos&version=00dbb151")).toBe("/__manifest?paths=%2F%2C%2Frecursos&version=00dbb151");
  });
});
