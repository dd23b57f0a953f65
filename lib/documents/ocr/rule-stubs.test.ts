import { describe, expect, it } from "vitest";
import { isEndStub, withoutRowStubs } from "./rule-stubs";
import { detectRules, type Rule, tableGrids } from "./table-lines";

const h = (x0: number, x1: number, y0: number, y1: number): Rule => ({ dir: "h", x0, x1, y0, y1 });
const v = (x0: number, x1: number, y0: number, y1: number): Rule => ({ dir: "v", x0, x1, y0, y1 });

/** A page with one rule `thick` px thick drawn at `deg` degrees from x 100 to 1300 (anti-aliased edges). */
function skewedRule(deg: number, thick: number): { gray: Uint8Array; W: number; H: number } {
  const W = 1400;
  const H = 300;
  const gray = new Uint8Array(W * H).fill(255);
  const t = Math.tan((deg * Math.PI) / 180);
  for (let x = 100; x < 1300; x++) {
    const yc = 100 + (x - 100) * t;
    for (let y = Math.floor(yc - thick); y <= Math.ceil(yc + thick); y++) {
      const cover = Math.max(0, Math.min(1, thick / 2 + 0.5 - Math.abs(y + 0.5 - yc)));
      gray[y * W + x] = Math.round(255 * (1 - cover));
    }
  }
  return { gray, W, H };
}

describe("stubs at the ends of skewed rules", () => {
  it("tells a stub lying along a rule's end from a rule of its own", () => {
    const rule = h(196, 1515, 796, 807);
    expect(isEndStub(h(196, 377, 794, 797), rule)).toBe(true); // left end, touching the band's top
    expect(isEndStub(h(1308, 1515, 806, 809), rule)).toBe(true); // right end, touching its bottom
    expect(isEndStub(h(600, 800, 800, 803), rule)).toBe(false); // in the middle: shares no end
    expect(isEndStub(h(196, 377, 812, 815), rule)).toBe(false); // a rule of its own a few pixels below
    expect(isEndStub(h(150, 377, 794, 797), rule)).toBe(false); // runs on past the rule's end
    expect(isEndStub(v(196, 199, 794, 1000), rule)).toBe(false);
  });

  it("reads a thick rule at a slight skew as one rule, without a stub at its end", () => {
    for (const thick of [2, 4]) {
      const { gray, W, H } = skewedRule(0.4, thick);
      const rules = detectRules(gray, W, H);
      expect(rules).toHaveLength(1);
      expect(rules[0].x1 - rules[0].x0).toBeGreaterThanOrEqual(1195);
    }
  });

  it("adds no row just inside a skewed frame for the stubs of its top and bottom rules", () => {
    // a framed exhibit: caption band 796…977, table rows at 977…1445, notes band to the bottom rule
    const rules = [
      h(196, 1515, 796, 807),
      h(196, 377, 794, 797),
      h(1308, 1515, 806, 809),
      h(194, 1513, 972, 983),
      h(192, 1511, 1236, 1247),
      h(190, 1509, 1444, 1455),
      h(190, 1509, 1564, 1575),
      h(1298, 1509, 1574, 1577),
      v(192, 199, 794, 1567),
      v(1504, 1513, 804, 1577),
      v(1220, 1225, 978, 1445),
    ];
    const [grid] = tableGrids(withoutRowStubs(rules), 2200);
    expect(grid.rows.map(Math.round)).toEqual([978, 1242, 1450]);
  });

  it("does not make a table of a lone vertical rule and its stub between two horizontal rules", () => {
    // a bar down the page's side (with a stub at its top) crossing the page's top and bottom rules
    const rules = [h(15, 1114, 100, 110), h(1, 1101, 1603, 1613), v(1021, 1035, 109, 1613), v(1035, 1036, 108, 232)];
    expect(tableGrids(rules, 1710)).toEqual([]);
    // two real vertical rules still make one
    expect(tableGrids([...rules, v(93, 97, 100, 1613)], 1710)).toHaveLength(1);
  });
});
