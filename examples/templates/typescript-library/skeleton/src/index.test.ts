import { describe, expect, it } from "vitest";
import { slugify } from "./index.js";

describe("slugify", () => {
  it("lower-cases and joins words with dashes", () => {
    expect(slugify("Hello, World")).toBe("hello-world");
  });

  it("drops accents", () => {
    expect(slugify("Café Déjà Vu")).toBe("cafe-deja-vu");
  });
});
