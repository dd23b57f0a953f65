import { describe, expect, it } from "vitest";
import { compileFacetFilters } from "./compile-filters";
import {
  FilterSyntaxError,
  type FilterValue,
  MAX_ALTERNATIVES,
  MAX_FILTER_ENTRIES,
  MAX_FILTER_ENTRY_LENGTH,
  parseAttributeFilter,
  parseAttributeFilters,
  parseContentTypeFilter,
  parseContentTypeFilters,
  readDate,
  readNumber,
  type ValueMatch,
} from "./filter-grammar";

const text = (t: string): FilterValue => ({ text: t, number: null, date: null, boolean: null });
const alts = (entry: string): ValueMatch[] => {
  const f = parseAttributeFilter(entry);
  if (f.test.kind !== "any") throw new Error(`expected alternatives for ${entry}`);
  return f.test.alternatives;
};
const one = (entry: string): ValueMatch => {
  const a = alts(entry);
  expect(a).toHaveLength(1);
  return a[0];
};
/** The reason of the FilterSyntaxError thrown for `entry`. */
const reason = (entry: string): string => {
  try {
    parseAttributeFilter(entry);
  } catch (err) {
    expect(err).toBeInstanceOf(FilterSyntaxError);
    expect((err as FilterSyntaxError).entry).toBe(entry.length > MAX_FILTER_ENTRY_LENGTH ? expect.any(String) : entry);
    return (err as FilterSyntaxError).reason;
  }
  throw new Error(`"${entry}" was accepted`);
};
const ctReason = (value: string): string => {
  try {
    parseContentTypeFilter(value);
  } catch (err) {
    expect(err).toBeInstanceOf(FilterSyntaxError);
    return (err as FilterSyntaxError).reason;
  }
  throw new Error(`"${value}" was accepted`);
};

describe("attribute filter: names and the exists form", () => {
  it("a bare name means 'has any value'", () => {
    expect(parseAttributeFilter("invoice_number")).toEqual({
      source: "invoice_number",
      scope: null,
      name: "invoice_number",
      test: { kind: "exists" },
    });
  });

  it("accepts snake_case names with digits and trims surrounding whitespace", () => {
    expect(parseAttributeFilter("  vat2_rate_19  ").name).toBe("vat2_rate_19");
    expect(parseAttributeFilter(" amount :5").name).toBe("amount");
    expect(parseAttributeFilter("a".repeat(64)).name).toHaveLength(64);
  });

  it.each([
    ["", /empty filter/],
    ["   ", /empty filter/],
    [":5", /attribute name is empty/],
    ["Amount:5", /not snake_case/],
    ["amountDue", /not snake_case/],
    ["_amount", /not snake_case/],
    ["amount_", /not snake_case/],
    ["due__date", /not snake_case/],
    ["1st_page", /not snake_case/],
    ["due-date:2023", /not snake_case/],
    ["due date", /not snake_case/],
    ["amount>5", /not snake_case/],
    ["a".repeat(65), /longer than 64/],
    ["amount(x).y:1", /not snake_case/],
  ])("rejects the name in %j", (entry, expected) => {
    expect(reason(entry)).toMatch(expected);
  });

  it("rejects an empty value after the colon and says how to ask for any value", () => {
    expect(reason("amount:")).toMatch(/no value after "amount:" \(use "amount" alone/);
    expect(reason("amount:   ")).toMatch(/no value/);
  });
});

describe("attribute filter: exact values and their readings", () => {
  it("reads text, numbers, dates and booleans", () => {
    expect(one("currency:EUR")).toEqual({ kind: "eq", value: text("EUR") });
    expect(one("amount:42")).toEqual({ kind: "eq", value: { text: "42", number: 42, date: null, boolean: null } });
    expect(one("amount:-3.5")).toEqual({ kind: "eq", value: { text: "-3.5", number: -3.5, date: null, boolean: null } });
    expect(one("amount:.5")).toMatchObject({ value: { number: 0.5 } });
    expect(one("amount:+7")).toMatchObject({ value: { number: 7 } });
    expect(one("paid:true")).toEqual({ kind: "eq", value: { text: "true", number: null, date: null, boolean: true } });
    expect(one("paid:false")).toMatchObject({ value: { boolean: false } });
    expect(one("paid:TRUE")).toMatchObject({ value: { boolean: true } });
    expect(one("paid:yes")).toMatchObject({ value: { boolean: null } });
  });

  it("reads a year as both a number and a date range", () => {
    expect(one("fiscal_year:2023")).toEqual({
      kind: "eq",
      value: { text: "2023", number: 2023, date: { precision: "year", first: "2023-01-01", last: "2023-12-31" }, boolean: null },
    });
  });

  it("reads months (with their real length) and days", () => {
    expect(one("due:2023-06")).toMatchObject({ value: { number: null, date: { precision: "month", first: "2023-06-01", last: "2023-06-30" } } });
    expect(one("due:2024-02")).toMatchObject({ value: { date: { last: "2024-02-29" } } });
    expect(one("due:2023-02")).toMatchObject({ value: { date: { last: "2023-02-28" } } });
    expect(one("due:2023-12-31")).toMatchObject({ value: { date: { precision: "day", first: "2023-12-31", last: "2023-12-31" } } });
  });

  it("keeps impossible dates as plain text for exact matches", () => {
    expect(one("code:2023-13")).toMatchObject({ value: { text: "2023-13", date: null } });
    expect(one("code:2023-02-30")).toMatchObject({ value: { date: null } });
    expect(one("code:0000")).toMatchObject({ value: { number: 0, date: null } });
  });

  it("keeps inner whitespace and colons after the first one", () => {
    expect(one("city:New York")).toEqual({ kind: "eq", value: text("New York") });
    expect(one("city:  Paris  ")).toEqual({ kind: "eq", value: text("Paris") });
    expect(one("time:10:30")).toEqual({ kind: "eq", value: text("10:30") });
    expect(one("url:https://x.test/a")).toEqual({ kind: "eq", value: text("https://x.test/a") });
  });
});

describe("attribute filter: comparisons", () => {
  it.each([
    [">", "amount:>100"],
    [">=", "amount:>=100"],
    ["<", "amount:<100"],
    ["<=", "amount:<=100"],
  ])("parses %s", (op, entry) => {
    expect(one(entry)).toEqual({ kind: "compare", op, value: { text: "100", number: 100, date: null, boolean: null } });
  });

  it("accepts dates, negative numbers and spaces after the operator", () => {
    expect(one("year:>2023")).toMatchObject({ op: ">", value: { number: 2023, date: { first: "2023-01-01", last: "2023-12-31" } } });
    expect(one("due:>=2023-06")).toMatchObject({
      kind: "compare",
      op: ">=",
      value: { number: null, date: { first: "2023-06-01", last: "2023-06-30" } },
    });
    expect(one("due:<2024-01-15")).toMatchObject({ op: "<", value: { date: { first: "2024-01-15" } } });
    expect(one("delta:>-5")).toMatchObject({ op: ">", value: { number: -5 } });
    expect(one("amount:> 5")).toMatchObject({ op: ">", value: { text: "5", number: 5 } });
  });

  it("ORs comparisons inside one entry", () => {
    expect(alts("amount:<10|>100").map((a) => a.kind === "compare" && a.op)).toEqual(["<", ">"]);
  });

  it.each([
    ["amount:>", /comparison > needs a value/],
    ["amount:>=", /comparison >= needs a value/],
    ["amount:<= ", /comparison <= needs a value/],
    ["amount:>abc", /needs a number or a date/],
    ["amount:>true", /needs a number or a date/],
    ["amount:>2023-13", /needs a number or a date/],
    ["amount:>==5", /needs a number or a date/],
    ["amount:=>5", /not|wildcard|number/],
    ["amount:>5*", /wildcards cannot be combined with >/],
    ["amount:>1e3", /needs a number or a date/],
  ])("rejects %j", (entry, expected) => {
    if (entry === "amount:=>5") {
      // `=` is not an operator: "=>5" is an exact text value.
      expect(one(entry)).toEqual({ kind: "eq", value: text("=>5") });
      return;
    }
    expect(reason(entry)).toMatch(expected);
  });
});

describe("attribute filter: wildcards", () => {
  it("parses prefix* and *contains*", () => {
    expect(one("vendor:Acme*")).toEqual({ kind: "prefix", text: "Acme" });
    expect(one("vendor:*corp*")).toEqual({ kind: "contains", text: "corp" });
    expect(one("vendor:New Y*")).toEqual({ kind: "prefix", text: "New Y" });
  });

  it.each(["vendor:*", "vendor:**", "vendor:***", "vendor:*suffix", "vendor:a*b", "vendor:a*b*", "vendor:*a*b*", "vendor:**a**"])(
    "rejects %j",
    (entry) => {
      expect(reason(entry)).toMatch(/only at the end \(prefix\*\) or at both ends \(\*text\*\)/);
    },
  );

  it("treats escaped stars as literal characters", () => {
    expect(one("code:a\\*b")).toEqual({ kind: "eq", value: text("a*b") });
    expect(one("code:\\*")).toEqual({ kind: "eq", value: text("*") });
    expect(one("code:a\\**")).toEqual({ kind: "prefix", text: "a*" });
    expect(one("code:*\\**")).toEqual({ kind: "contains", text: "*" });
  });

  it("keeps LIKE metacharacters as plain text in the AST", () => {
    expect(one("code:50%*")).toEqual({ kind: "prefix", text: "50%" });
    expect(one("code:*a_b*")).toEqual({ kind: "contains", text: "a_b" });
  });
});

describe("attribute filter: alternatives (| and ,)", () => {
  it("ORs values with | and with a comma, mixing kinds", () => {
    expect(alts("currency:EUR|USD")).toEqual([
      { kind: "eq", value: text("EUR") },
      { kind: "eq", value: text("USD") },
    ]);
    expect(alts("currency:EUR,USD")).toEqual(alts("currency:EUR|USD"));
    expect(alts("currency: EUR | USD ,GBP").map((a) => a.kind === "eq" && a.value.text)).toEqual(["EUR", "USD", "GBP"]);
    expect(alts("vendor:Acme*|*corp*|Initech|>5").map((a) => a.kind)).toEqual(["prefix", "contains", "eq", "compare"]);
  });

  it.each(["currency:EUR||USD", "currency:EUR,", "currency:|EUR", "currency:EUR| ", "currency:,", "currency:EUR,,USD"])(
    "rejects the empty alternative in %j",
    (entry) => {
      expect(reason(entry)).toMatch(/empty value/);
    },
  );

  it(`allows at most ${MAX_ALTERNATIVES} alternatives`, () => {
    const ok = "n:" + Array.from({ length: MAX_ALTERNATIVES }, (_, i) => `v${i}`).join("|");
    expect(alts(ok)).toHaveLength(MAX_ALTERNATIVES);
    expect(reason(ok + "|x")).toMatch(/more than 50 alternatives/);
  });
});

describe("attribute filter: quoting and escaping", () => {
  it("takes a quoted value literally, as exact text without other readings", () => {
    expect(alts('note:"a|b, *c*"')).toEqual([{ kind: "eq", value: text("a|b, *c*") }]);
    expect(one('amount:">5"')).toEqual({ kind: "eq", value: text(">5") });
    expect(one('year:"2023"')).toEqual({ kind: "eq", value: text("2023") });
    expect(one('paid:"true"')).toEqual({ kind: "eq", value: text("true") });
    expect(one('name:"  spaced  "')).toEqual({ kind: "eq", value: text("  spaced  ") });
  });

  it('supports \\" and \\\\ inside quotes; other backslashes stay', () => {
    expect(one('q:"say \\"hi\\""')).toEqual({ kind: "eq", value: text('say "hi"') });
    expect(one('q:"back\\\\slash"')).toEqual({ kind: "eq", value: text("back\\slash") });
    expect(one('q:"C:\\dir"')).toEqual({ kind: "eq", value: text("C:\\dir") });
  });

  it("mixes quoted and unquoted alternatives, with whitespace around quotes", () => {
    expect(alts('city: "Paris, TX" | Berlin ,"a|b"').map((a) => a.kind === "eq" && a.value.text)).toEqual(["Paris, TX", "Berlin", "a|b"]);
  });

  it("escapes separators, quotes, operators and spaces in unquoted text", () => {
    expect(one("q:a\\|b")).toEqual({ kind: "eq", value: text("a|b") });
    expect(one("q:a\\,b")).toEqual({ kind: "eq", value: text("a,b") });
    expect(one("q:\\>5")).toEqual({ kind: "eq", value: { text: ">5", number: null, date: null, boolean: null } });
    expect(one("q:\\<5")).toMatchObject({ kind: "eq", value: { text: "<5" } });
    expect(one('q:say \\"hi\\"')).toEqual({ kind: "eq", value: text('say "hi"') });
    expect(one("q:a\\\\b")).toEqual({ kind: "eq", value: text("a\\b") });
    expect(one("q:\\ padded\\ ")).toEqual({ kind: "eq", value: text(" padded ") });
  });

  it.each([
    ['q:"open', /unterminated quoted value/],
    ['q:"a\\"', /unterminated quoted value/],
    ['q:""', /empty quoted value/],
    ['q:"a"b', /unexpected text after a quoted value/],
    ['q:"a" "b"', /unexpected text after a quoted value/],
    ['q:"a"*', /unexpected text after a quoted value/],
    ['q:ab"c"', /quote may only enclose a whole value/],
    ['q:a"', /quote may only enclose a whole value/],
    ["q:abc\\", /trailing backslash/],
    ["q:\\", /trailing backslash/],
  ])("rejects %j", (entry, expected) => {
    expect(reason(entry)).toMatch(expected);
  });
});

describe("attribute filter: the scoped form content_type(<path>).<name>", () => {
  it("parses the scope with and without a value", () => {
    expect(parseAttributeFilter("content_type(finance:invoice).amount:>100")).toEqual({
      source: "content_type(finance:invoice).amount:>100",
      scope: { path: "finance:invoice", codes: ["finance", "invoice"] },
      name: "amount",
      test: {
        kind: "any",
        alternatives: [{ kind: "compare", op: ">", value: { text: "100", number: 100, date: expect.any(Object), boolean: null } }],
      },
    });
    expect(parseAttributeFilter("content_type(legal).signed")).toMatchObject({
      scope: { codes: ["legal"] },
      name: "signed",
      test: { kind: "exists" },
    });
    expect(parseAttributeFilter("content_type(a:b:c:d).x:1").scope?.codes).toEqual(["a", "b", "c", "d"]);
    expect(parseAttributeFilter("content_type(a).x:b:c").test).toEqual({ kind: "any", alternatives: [{ kind: "eq", value: text("b:c") }] });
  });

  it.each([
    ["content_type(finance", /missing "\)"/],
    ["content_type().amount", /path is empty/],
    ["content_type(finance)amount", /expected "\.<attribute name>"/],
    ["content_type(finance).", /attribute name is empty/],
    ["content_type(finance).:5", /attribute name is empty/],
    ["content_type(a:b:c:d:e).x", /deeper than 4 levels/],
    ["content_type(Finance).x", /content-type code "Finance" is not snake_case/],
    ["content_type(a::b).x", /content-type code is empty/],
    ["content_type(a:).x", /content-type code is empty/],
    ["content_type(a-b).x", /not snake_case/],
    ["content_type (a).x", /without spaces/],
    ["content_type(a).Amount:1", /attribute name "Amount" is not snake_case/],
  ])("rejects %j", (entry, expected) => {
    expect(reason(entry)).toMatch(expected);
  });
});

describe("attribute filter lists", () => {
  it("parses every entry (ANDed by the caller) and collects one error per malformed entry", () => {
    const ok = parseAttributeFilters(["a", "b:1", "content_type(x).c:*y*"]);
    expect(ok.ok && ok.value.map((f) => f.name)).toEqual(["a", "b", "c"]);
    const bad = parseAttributeFilters(["a", "B:1", "c:", "d:ok"]);
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors.map((e) => e.entry)).toEqual(["B:1", "c:"]);
      expect(bad.errors[0].message).toMatch(/^"B:1": attribute name "B" is not snake_case/);
    }
    expect(parseAttributeFilters([])).toEqual({ ok: true, value: [] });
  });

  it(`limits a request to ${MAX_FILTER_ENTRIES} entries and an entry to ${MAX_FILTER_ENTRY_LENGTH} characters`, () => {
    expect(parseAttributeFilters(Array(MAX_FILTER_ENTRIES).fill("a")).ok).toBe(true);
    const many = parseAttributeFilters(Array(MAX_FILTER_ENTRIES + 1).fill("a"));
    expect(!many.ok && many.errors[0].reason).toMatch(/at most 20 attribute filters/);
    expect(() => parseAttributeFilter("a:" + "x".repeat(MAX_FILTER_ENTRY_LENGTH))).toThrow(/longer than 500 characters/);
  });

  it("lets unexpected (non-syntax) errors through", () => {
    expect(() => parseAttributeFilters([null as unknown as string])).toThrow(TypeError);
  });
});

describe("content type filter", () => {
  it("parses exact-or-subtree paths, several per value", () => {
    expect(parseContentTypeFilter("finance:invoice")).toEqual({
      source: "finance:invoice",
      alternatives: [{ kind: "subtree", path: "finance:invoice", codes: ["finance", "invoice"] }],
    });
    expect(parseContentTypeFilter(" legal , tech:api|healthcare ").alternatives.map((a) => a.kind === "subtree" && a.path)).toEqual([
      "legal",
      "tech:api",
      "healthcare",
    ]);
    expect(parseContentTypeFilter("a:b:c:d").alternatives[0]).toMatchObject({ codes: ["a", "b", "c", "d"] });
  });

  it("parses wildcards case-insensitively", () => {
    expect(parseContentTypeFilter("fin*").alternatives).toEqual([{ kind: "prefix", text: "fin" }]);
    expect(parseContentTypeFilter("*Invoice*").alternatives).toEqual([{ kind: "contains", text: "invoice" }]);
    expect(parseContentTypeFilter("finance:*").alternatives).toEqual([{ kind: "prefix", text: "finance:" }]);
    expect(parseContentTypeFilter("legal,fin*,*inv*").alternatives.map((a) => a.kind)).toEqual(["subtree", "prefix", "contains"]);
  });

  it.each([
    ["", /empty content-type filter/],
    ["  ", /empty content-type filter/],
    ["finance,", /empty value/],
    ["a||b", /empty value/],
    ["a:b:c:d:e", /deeper than 4 levels/],
    ["Finance", /not snake_case/],
    ["finance invoice", /not snake_case/],
    ["a::b", /content-type code is empty/],
    [":a", /content-type code is empty/],
    ["*", /only at the end/],
    ["**", /only at the end/],
    ["*fin", /only at the end/],
    ["f*n", /only at the end/],
    ["*a*b*", /only at the end/],
    ["fin-*", /may only hold letters, digits/],
    ["*in voice*", /may only hold letters, digits/],
    ["a:b:c:d:*", /deeper than 4 levels/],
  ])("rejects %j", (value, expected) => {
    expect(ctReason(value)).toMatch(expected);
  });

  it("collects errors per value and limits the number of values", () => {
    const r = parseContentTypeFilters(["legal", "Bad", "*"]);
    expect(!r.ok && r.errors.map((e) => e.entry)).toEqual(["Bad", "*"]);
    expect(parseContentTypeFilters(Array(MAX_FILTER_ENTRIES + 1).fill("legal")).ok).toBe(false);
    expect(() => parseContentTypeFilter("a," + "b,".repeat(MAX_ALTERNATIVES))).toThrow(/more than 50 alternatives/);
  });
});

describe("literal readers", () => {
  it("reads plain decimal numbers only", () => {
    expect(["1", "-1", "+1", "1.25", ".5", "007"].map(readNumber)).toEqual([1, -1, 1, 1.25, 0.5, 7]);
    expect(["1e3", "0x10", "1.", "", " 1", "1,5", "Infinity", "NaN"].map(readNumber)).toEqual(Array(8).fill(null));
  });

  it("reads calendar dates only", () => {
    expect(readDate("2024-02-29")?.first).toBe("2024-02-29");
    expect(["2023-02-29", "2023-00", "2023-13", "2023-1", "23", "20231", "2023/06", "0000", "2023-06-00", "2023-06-31"].map(readDate)).toEqual(
      Array(10).fill(null),
    );
    expect(readDate("0001")).toEqual({ precision: "year", first: "0001-01-01", last: "0001-12-31" });
    expect(readDate("9999-12")).toEqual({ precision: "month", first: "9999-12-01", last: "9999-12-31" });
  });
});

describe("compileFacetFilters", () => {
  it("adds nothing without facet filters", () => {
    expect(compileFacetFilters({ attributes: [], contentTypes: [] })).toBeNull();
  });

  it("binds every input as a parameter, never in the SQL text", () => {
    const evil = "x'); DROP TABLE files; --";
    const sql = compileFacetFilters({
      attributes: [parseAttributeFilter(`note:"${evil}"`), parseAttributeFilter("note:50%_off*"), parseAttributeFilter("amount:>=100")],
      contentTypes: [parseContentTypeFilter("legal,fin*")],
    })!;
    expect(sql.sql).not.toContain("DROP");
    expect(sql.sql).not.toContain("100");
    expect(sql.values).toContain(evil);
    // LIKE metacharacters of a prefix are escaped; the content-type subtree pattern too.
    expect(sql.values).toContain("50\\%\\_off%");
    expect(sql.values).toContain("legal:%");
    expect(sql.values).toContain("fin%");
    expect(sql.values).toContain(100);
  });

  it("ANDs attribute entries and ORs content-type values", () => {
    const two = compileFacetFilters({ attributes: [parseAttributeFilter("a"), parseAttributeFilter("b")], contentTypes: [] })!;
    expect(two.sql.match(/\(f\.id IN \(SELECT v\.file_id FROM file_attribute_values/g)).toHaveLength(2);
    expect(two.sql).toContain("IS TRUE AND (f.id IN");
    const ct = compileFacetFilters({ attributes: [], contentTypes: [parseContentTypeFilter("a"), parseContentTypeFilter("b|c")] })!;
    expect(ct.sql.match(/FROM file_content_types c/g)).toHaveLength(1);
    expect(ct.values).toEqual(["a", "a:%", "b", "b:%", "c", "c:%"]);
  });

  it("restricts the subqueries to the caller's company when given", () => {
    const sql = compileFacetFilters({ attributes: [parseAttributeFilter("a")], contentTypes: [parseContentTypeFilter("x")] }, { companyId: 42 })!;
    expect(sql.sql).toContain("a.company_id = ");
    expect(sql.sql).toContain("t.company_id = ");
    expect(sql.values.filter((v) => v === 42)).toHaveLength(2);
  });

  it("compares date ranges at the right end", () => {
    const gt = compileFacetFilters({ attributes: [parseAttributeFilter("d:>2023")], contentTypes: [] })!;
    expect(gt.values).toContain("2023-12-31");
    expect(gt.values).not.toContain("2023-01-01");
    const ge = compileFacetFilters({ attributes: [parseAttributeFilter("d:>=2023-06")], contentTypes: [] })!;
    expect(ge.values).toContain("2023-06-01");
  });
});
