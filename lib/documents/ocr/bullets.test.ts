import { describe, expect, it } from "vitest";
import { cellText } from "./bullets";

describe("a table cell's lines", () => {
  it("writes a list inside a cell as '- ' items, bullets read as letters included", () => {
    expect(cellText(["This is a list:", "eo A First", "e A Second", "• A Third"])).toBe("This is a list: - A First - A Second - A Third");
    expect(cellText(["* R1C1 item 1", "¢ R1C1 item 2"])).toBe("- R1C1 item 1 - R1C1 item 2");
  });

  it("joins other lines as they are (one bullet-like line is not a list; 'e' before a small letter is a word)", () => {
    expect(cellText(["Total", "e 5"])).toBe("Total e 5");
    expect(cellText(["e mail", "o ring"])).toBe("e mail o ring");
    expect(cellText(["First Paragraph", "Second Paragraph"])).toBe("First Paragraph Second Paragraph");
  });
});
