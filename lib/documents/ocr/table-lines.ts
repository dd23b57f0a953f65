// Ruling lines in a scanned page and the table grids they draw. Runs on the prepared 8-bit gray pixels
// (the same coordinates as tesseract's boxes) before recognition, in one pass per direction:
//   1. "ink" = darker than the paper by RULE_CONTRASTS levels (paper = the 90th percentile of the gray
//      values), in two passes: a dark one where light shading (a header row's background) is not ink, and a
//      lighter one for thin or gray rules; noise cannot make a long run, and a run may have only a few bridged 1–2 px gaps (letters that nearly touch have many);
//   2. runs of ink at least MIN_RUN px long per pixel row (column), linked across adjacent rows (columns)
//      into chains, which follow skewed rules (a 1° skew shifts a rule by a pixel every ~57 px);
//   3. a chain as long as a rule (≥ 8% of the page width, ≥ 60 px) is a rule when thin, or a shaded box
//      (a table's header background) when thick: its top and bottom edges are rules;
//   4. rules that touch are grouped (union-find); a group with ≥ 2 horizontal rules and ≥ 2 vertical rules
//      crossing them, or ≥ 3 horizontal rules of about the same extent close together, is a table. Its
//      internal vertical rules are column boundaries, its internal horizontal rules row boundaries.
// Vertical strokes of letters are short (a cap height): vertical rules must span MIN_VRULE of the page
// height or join two horizontal rules.
import { paperLevel } from "./prepare-image";
import { linkStackedRules } from "./stacked-rules";

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A ruling line: its thin bounding box. */
export interface Rule extends Box {
  dir: "h" | "v";
}

export interface TableGrid {
  box: Box;
  /** Internal column boundaries: x (ascending) and the vertical rules drawn there; empty when none. */
  cols: { x: number; rules: Rule[] }[];
  /** y of the internal row boundaries (horizontal rules), ascending. */
  rows: number[];
  /** The horizontal rules (their extents tell partial row boundaries: cells spanning rows). */
  rowRules?: Rule[];
}

/** Share of ink samples beside a vertical rule up to which that side is still clear (see rulesAt). */
const VRULE_SIDE_INK = 0.6;
/** A vertical rule at least this share of the page height long is a long one (see rulesAt). */
const LONG_VRULE = 0.12;
/** Text set against a rule on one side: its ink there comes in at least this many runs (rows)… */
const MIN_TEXT_RUNS = 5;
/** …none longer than this share of the rule (a solid edge is one run). */
const MAX_TEXT_RUN = 0.15;
/** Ink for rules: this much darker than the paper, in two passes (see detectRules). */
const RULE_CONTRASTS = [80, 40];
const MIN_RUN = 16;
/** Gaps this short inside a run (noise, JPEG) are bridged. */
const MAX_GAP = 2;
const MAX_RULE_THICKNESS = 10;
/** Pages larger than this (pixels) are searched at half resolution. */
const POOL_ABOVE_PX = 2_500_000;
/** Share of a run that may be bridged gaps. */
const MAX_BRIDGED = 0.05;

interface Chain {
  /** extent along the line */
  a0: number;
  a1: number;
  /** extent across the line */
  b0: number;
  b1: number;
  /** last cross coordinate that received a run, and the runs of that row (for linking) */
  last: number;
  lastRuns: [number, number][];
  ink: number;
}

/**
 * Runs of adjacent rows (columns) continue the same line when they overlap by half the shorter one and
 * differ in length at most 2×: a rule's border run does not merge with the shading beside it. A thin rule
 * on a skewed scan is a staircase: each row holds a step that only touches the next one at its end (0.5°:
 * steps of ~115 px, overlapping by a pixel or two after blur, or not at all), so a run that continues the
 * previous row's run end to end (overlapping or touching, in one direction) continues it too.
 */
function similarRuns(s0: number, e0: number, s1: number, e1: number): boolean {
  const l0 = e0 - s0;
  const l1 = e1 - s1;
  if (Math.max(l0, l1) > 2 * Math.min(l0, l1)) return false;
  const overlap = Math.min(e0, e1) - Math.max(s0, s1);
  if (overlap >= 0.5 * Math.min(l0, l1)) return true;
  // a step: one run starts where the other ends (within MAX_GAP), neither inside the other
  return overlap >= -MAX_GAP && (s1 > s0 ? e1 > e0 : e1 < e0);
}

/**
 * Chains of long ink runs along one direction. `at(a, b)` reads the pixel at position a along the line and b
 * across it; `lenA`/`lenB` are the sizes along and across.
 */
function chains(levels: Uint8Array, lenA: number, lenB: number, minLevel: number): Chain[] {
  const done: Chain[] = [];
  let active: Chain[] = [];
  for (let b = 0; b < lenB; b++) {
    const runs: [number, number][] = [];
    let start = -1;
    let gap = 0;
    let bridged = 0;
    // solid pieces of the current run (between bridged gaps)
    let pieceStart = -1;
    const pieces: [number, number][] = [];
    const row = b * lenA;
    for (let a = 0; a <= lenA; a++) {
      const ink = a < lenA && levels[row + a] >= minLevel;
      if (ink) {
        if (start < 0) start = pieceStart = a;
        else if (gap) {
          pieces.push([pieceStart, a - gap]);
          pieceStart = a;
        }
        bridged += gap;
        gap = 0;
      } else if (start >= 0) {
        gap++;
        if (gap > MAX_GAP || a === lenA) {
          const end = a - gap + 1;
          // a rule is solid: letters that nearly touch leave a gap every few pixels; a rule that runs on
          // into text (a cell's letters right under it) keeps its solid part
          if (end - start >= MIN_RUN && bridged <= (end - start) * MAX_BRIDGED) runs.push([start, end]);
          else {
            pieces.push([pieceStart, end]);
            for (const piece of pieces) if (piece[1] - piece[0] >= MIN_RUN) runs.push(piece);
          }
          pieces.length = 0;
          start = -1;
          gap = 0;
          bridged = 0;
        }
      }
    }
    const next: Chain[] = [];
    const used = new Set<Chain>();
    for (const r of runs) {
      let chain: Chain | undefined;
      for (const c of active) {
        if (c.last < b - 1) continue;
        if (c.lastRuns.some(([s, e]) => similarRuns(s, e, r[0], r[1]))) {
          chain = c;
          break;
        }
      }
      if (chain) {
        if (!used.has(chain)) {
          used.add(chain);
          chain.lastRuns = [];
          next.push(chain);
        }
        chain.a0 = Math.min(chain.a0, r[0]);
        chain.a1 = Math.max(chain.a1, r[1]);
        chain.b1 = b + 1;
        chain.last = b;
        chain.lastRuns.push(r);
        chain.ink += r[1] - r[0];
      } else {
        const c: Chain = { a0: r[0], a1: r[1], b0: b, b1: b + 1, last: b, lastRuns: [r], ink: r[1] - r[0] };
        used.add(c);
        next.push(c);
      }
    }
    for (const c of active) if (!used.has(c)) done.push(c);
    active = next;
  }
  done.push(...active);
  return done;
}

/** Rules (thin, long) from chains; thick chains (shaded boxes) give their two edges. */
function rulesFrom(cs: Chain[], minLen: number, dir: "h" | "v"): Rule[] {
  const out: Rule[] = [];
  const box = (a0: number, a1: number, b0: number, b1: number): Rule =>
    dir === "h" ? { dir, x0: a0, x1: a1, y0: b0, y1: b1 } : { dir, x0: b0, x1: b1, y0: a0, y1: a1 };
  for (const c of cs) {
    const len = c.a1 - c.a0;
    if (len < minLen) continue;
    const thickness = c.ink / len;
    // thin, and no taller than its thickness plus the drift of a rule skewed up to ~1.7° (a line of text
    // whose letters touch is as tall as the letters)
    if (thickness <= MAX_RULE_THICKNESS && c.b1 - c.b0 <= thickness + 0.03 * len + 2) out.push(box(c.a0, c.a1, c.b0, c.b1));
    else if (c.b1 - c.b0 >= 2 * MAX_RULE_THICKNESS && thickness >= 0.6 * (c.b1 - c.b0)) {
      // a filled box: its edges
      out.push(box(c.a0, c.a1, c.b0, c.b0 + 1), box(c.a0, c.a1, c.b1 - 1, c.b1));
    }
  }
  return out;
}

/** Horizontal and vertical ruling lines of a gray image (row-major, one byte per pixel). */
export function detectRules(gray: Uint8Array, width: number, height: number, offset = 0): Rule[] {
  if (width < 50 || height < 50) return [];
  if (width * height > POOL_ABOVE_PX) {
    // Large pages are searched at half resolution, each pixel the darkest of its 2×2 block (a 1 px rule
    // stays a rule): a quarter of the work, and a 300 dpi page then has the proportions the constants
    // were measured on (120–200 dpi).
    const w2 = width >> 1;
    const h2 = height >> 1;
    const pooled = new Uint8Array(w2 * h2);
    for (let y = 0; y < h2; y++) {
      const r0 = offset + 2 * y * width;
      const r1 = r0 + width;
      const o = y * w2;
      for (let x = 0, i = 0; x < w2; x++, i += 2) {
        pooled[o + x] = Math.min(Math.min(gray[r0 + i], gray[r0 + i + 1]), Math.min(gray[r1 + i], gray[r1 + i + 1]));
      }
    }
    return detectRules(pooled, w2, h2).map((r) => ({ dir: r.dir, x0: r.x0 * 2, y0: r.y0 * 2, x1: r.x1 * 2 + 1, y1: r.y1 * 2 + 1 }));
  }
  const paper = paperLevel(gray, offset, width * height);
  // Ink levels, computed once: 2 = dark ink, 1 = lighter ink (RULE_CONTRASTS), 0 = paper; row-major and
  // transposed (column scans then read rows: cache-friendly).
  const [dark, light] = RULE_CONTRASTS.map((c) => paper - c);
  if (light <= 0) return [];
  const n = width * height;
  const levels = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const v = gray[offset + i];
    levels[i] = v < dark ? 2 : v < light ? 1 : 0;
  }
  const transposed = new Uint8Array(n);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) transposed[x * height + y] = levels[row + x];
  }
  // Two passes: dark ink (rules inside a shaded header row stay apart from the shading) and lighter ink
  // (thin or light-gray rules); a rule found by both is kept once.
  const out: Rule[] = [];
  for (const minLevel of dark > 0 ? [2, 1] : [1]) {
    for (const r of rulesAt(levels, transposed, width, height, minLevel)) {
      if (!out.some((o) => o.dir === r.dir && overlapShare(o, r) > 0.5)) out.push(r);
    }
  }
  return out;
}

function overlapShare(a: Box, b: Box): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) + 1;
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) + 1;
  if (w <= 0 || h <= 0) return 0;
  const area = (r: Box) => (r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1);
  return (w * h) / Math.min(area(a), area(b));
}

function rulesAt(levels: Uint8Array, transposed: Uint8Array, width: number, height: number, minLevel: number): Rule[] {
  const ink = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && levels[y * width + x] >= minLevel;
  const h = chains(levels, width, height, minLevel);
  const v = chains(transposed, height, width, minLevel);
  // A rule has paper on both sides: a "rule" inside shading or across a line of text has not. A side is clear
  // when at most `share` of the samples along it are ink; samples where `skip` holds do not count.
  const clear = (at: (t: number) => [number, number], n: number, share = 0.35, skip?: (t: number) => boolean) => {
    let hits = 0;
    const step = Math.max(1, Math.floor(n / 64));
    let count = 0;
    for (let t = 0; t < n; t += step) {
      if (skip?.(t)) continue;
      count++;
      if (ink(...at(t))) hits++;
    }
    return hits <= count * share;
  };
  // Ink along a line that comes in many short runs (text lines set against it), none long (a solid edge);
  // every pixel read (sparse samples would step over the paper between lines).
  const textRows = (at: (t: number) => [number, number], n: number, skip?: (t: number) => boolean) => {
    let runs = 0;
    let run = 0;
    let longest = 0;
    let count = 0;
    for (let t = 0; t < n; t++) {
      if (skip?.(t)) continue;
      count++;
      if (ink(...at(t))) {
        if (!run) runs++;
        run++;
        longest = Math.max(longest, run);
      } else run = 0;
    }
    return runs >= MIN_TEXT_RUNS && longest <= MAX_TEXT_RUN * count;
  };
  const minH = Math.max(60, Math.round(width * 0.08));
  const hs = rulesFrom(h, minH, "h").filter((r) => {
    const n = r.x1 - r.x0;
    return clear((t) => [r.x0 + t, r.y0 - 3], n) || clear((t) => [r.x0 + t, r.y1 + 2], n);
  });
  // Beside a vertical rule of a table the cell text often stands against it (figures set right, text set
  // left: 37-46% of the samples beside a development price list's rules were ink), and the horizontal rules
  // crossing it are ink too (an eighth of the samples in a table of many rows). So a long vertical rule (over
  // LONG_VRULE of the page height: glyph strokes stacked over a few tight rows are shorter) has clear sides up
  // to VRULE_SIDE_INK, samples on a horizontal rule not counted; shading has ink all along both sides.
  const onHRule = (x: number, y: number) => hs.some((hr) => y >= hr.y0 - 2 && y <= hr.y1 + 2 && x >= hr.x0 - 4 && x <= hr.x1 + 4);
  const isolated = (r: Rule) => {
    const n = r.y1 - r.y0;
    const long = n >= height * LONG_VRULE;
    const along =
      (x: number) =>
      (t: number): [number, number] => [x, r.y0 + t];
    const onRow = (x: number) => (t: number) => onHRule(x, r.y0 + t);
    const side = (x: number) => (long ? clear(along(x), n, VRULE_SIDE_INK, onRow(x)) : clear(along(x), n));
    const [left, right] = [r.x0 - 3, r.x1 + 2];
    if (side(left) && side(right)) return true;
    // (a long rule with paper on one side and the cells' text set against it on the other, every row: that
    // side's ink comes in many short runs, one per text line, unlike the solid edge of a picture or a shaded box)
    const paperBeside = (x: number, other: number) => clear(along(x), n, 0.35, onRow(x)) && textRows(along(other), n, onRow(other));
    return long && (paperBeside(left, right) || paperBeside(right, left));
  };
  // vertical: long enough to be more than a letter stroke; short ones kept if they join two horizontal rules
  const vs = rulesFrom(v, Math.max(MIN_RUN, Math.round(height * 0.012)), "v")
    .filter(isolated)
    .flatMap((r) => {
      if (r.y1 - r.y0 >= height * 0.04) return [r];
      const near = (y: number) => hs.some((hr) => y >= hr.y0 - 3 && y <= hr.y1 + 3 && r.x0 >= hr.x0 - 6 && r.x1 <= hr.x1 + 6);
      if (near(r.y0) && near(r.y1)) return [r];
      // A short rule between two horizontal rules that runs on into the text of a cell below (a merged cell
      // whose text passes under it): cut at the outermost horizontal rules it crosses.
      const crossed = hs.filter((hr) => hr.y1 >= r.y0 - 3 && hr.y0 <= r.y1 + 3 && r.x0 >= hr.x0 - 6 && r.x1 <= hr.x1 + 6);
      if (crossed.length < 2 || !near(r.y0)) return [];
      const y1 = Math.max(...crossed.map((hr) => hr.y1));
      return y1 - r.y0 >= MIN_RUN ? [{ ...r, y1 }] : [];
    });
  return [...hs, ...vs];
}

function crosses(hr: Rule, vr: Rule, tol: number): boolean {
  return vr.x1 >= hr.x0 - tol && vr.x0 <= hr.x1 + tol && hr.y1 >= vr.y0 - tol && hr.y0 <= vr.y1 + tol;
}

/**
 * The rules of a table nested inside a cell of a framed table (a box with rules down both sides): the outer
 * table's rules are the frame and every rule whose two ends meet the frame or other outer rules (an end that
 * meets no rule at all counts as meeting: ends lost on a skewed scan); a nested table's rules meet one
 * another (its own box), never the outer ones at both ends, and stay apart. Their words are then the text of
 * the outer cell, and the nested table's rules no longer split the outer table into extra columns and rows.
 */
function nestedRules(hs: Rule[], vs: Rule[], box: Box, tol: number): Set<Rule> {
  const spansHeight = (r: Rule) => r.y0 <= box.y0 + tol && r.y1 >= box.y1 - tol;
  const framed = vs.some((r) => r.x0 <= box.x0 + tol && spansHeight(r)) && vs.some((r) => r.x1 >= box.x1 - tol && spansHeight(r));
  if (!framed) return new Set();
  const mid = (a: number, b: number) => (a + b) / 2;
  // the rules an end touches: the end's coordinate along the rule, and the rule's position across
  const touching = (along: number, across: number, dir: "h" | "v") =>
    (dir === "h" ? vs : hs).filter((o) =>
      dir === "h"
        ? along >= o.x0 - tol && along <= o.x1 + tol && across >= o.y0 - tol && across <= o.y1 + tol
        : along >= o.y0 - tol && along <= o.y1 + tol && across >= o.x0 - tol && across <= o.x1 + tol,
    );
  const ends = (r: Rule): [number, number, "h" | "v"][] =>
    r.dir === "h"
      ? [
          [r.x0, mid(r.y0, r.y1), "h"],
          [r.x1, mid(r.y0, r.y1), "h"],
        ]
      : [
          [r.y0, mid(r.x0, r.x1), "v"],
          [r.y1, mid(r.x0, r.x1), "v"],
        ];
  const atFrame = (r: Rule) =>
    r.dir === "h"
      ? Math.abs(mid(r.y0, r.y1) - box.y0) <= tol || Math.abs(mid(r.y0, r.y1) - box.y1) <= tol
      : r.x0 <= box.x0 + tol || r.x1 >= box.x1 - tol;
  const outer = new Set([...hs, ...vs].filter(atFrame));
  for (let changed = true; changed; ) {
    changed = false;
    for (const r of [...hs, ...vs]) {
      if (outer.has(r)) continue;
      if (
        ends(r).every(([along, across, dir]) => {
          const t = touching(along, across, dir);
          return !t.length || t.some((o) => outer.has(o));
        })
      ) {
        outer.add(r);
        changed = true;
      }
    }
  }
  return new Set([...hs, ...vs].filter((r) => !outer.has(r)));
}

/** Groups rules into table grids (see the file header). */
export function tableGrids(rules: Rule[], pageHeight: number): TableGrid[] {
  const tol = 6;
  const parent = rules.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const union = (i: number, j: number) => {
    parent[find(i)] = find(j);
  };
  const hIdx = rules.map((r, i) => (r.dir === "h" ? i : -1)).filter((i) => i >= 0);
  const vIdx = rules.map((r, i) => (r.dir === "v" ? i : -1)).filter((i) => i >= 0);
  for (const i of hIdx) for (const j of vIdx) if (crosses(rules[i], rules[j], tol)) union(i, j);
  // stacked horizontal rules of about the same extent (tables ruled between rows only); rules that cross a
  // vertical rule belong to a boxed table already, and stacking them would merge neighbouring tables
  const crossed = new Set(hIdx.filter((i) => vIdx.some((j) => crosses(rules[i], rules[j], tol))));
  const sorted = hIdx.filter((i) => !crossed.has(i)).sort((a, b) => rules[a].y0 - rules[b].y0);
  linkStackedRules(rules, sorted, pageHeight, union);
  const groups = new Map<number, Rule[]>();
  rules.forEach((r, i) => {
    const g = groups.get(find(i));
    if (g) g.push(r);
    else groups.set(find(i), [r]);
  });
  const grids: TableGrid[] = [];
  for (const g of groups.values()) {
    let hs = g.filter((r) => r.dir === "h");
    let vs = g.filter((r) => r.dir === "v");
    if (hs.length < 2) continue;
    if (vs.length < 2 && hs.length < 3) continue;
    const box: Box = {
      x0: Math.min(...g.map((r) => r.x0)),
      y0: Math.min(...g.map((r) => r.y0)),
      x1: Math.max(...g.map((r) => r.x1)),
      y1: Math.max(...g.map((r) => r.y1)),
    };
    if (box.y1 - box.y0 < 20) continue;
    // A row rule that falls short of the box's sides (its ends lost on a skewed, blurred scan) crosses no
    // column rule and was grouped with nothing: inside the box across most of its width, it is one of its rows.
    for (const r of rules)
      if (
        r.dir === "h" &&
        !g.includes(r) &&
        r.y0 > box.y0 &&
        r.y1 < box.y1 &&
        Math.min(r.x1, box.x1) - Math.max(r.x0, box.x0) >= 0.8 * (box.x1 - box.x0)
      )
        hs.push(r);
    const nested = nestedRules(hs, vs, box, tol);
    if (nested.size) {
      hs = hs.filter((r) => !nested.has(r));
      vs = vs.filter((r) => !nested.has(r));
    }
    const cols: TableGrid["cols"] = [];
    for (const r of vs.filter((r) => (r.x0 + r.x1) / 2 > box.x0 + 2 * tol && (r.x0 + r.x1) / 2 < box.x1 - 2 * tol).sort((p, q) => p.x0 - q.x0)) {
      const x = (r.x0 + r.x1) / 2;
      const last = cols[cols.length - 1];
      if (last && x - last.x <= 2 * tol) last.rules.push(r);
      else cols.push({ x, rules: [r] });
    }
    const rows: number[] = [];
    for (const y of hs
      .map((r) => (r.y0 + r.y1) / 2)
      .filter((y) => y > box.y0 + 2 * tol && y < box.y1 - 2 * tol)
      .sort((p, q) => p - q)) {
      if (!rows.length || y - rows[rows.length - 1] > 2 * tol) rows.push(y);
    }
    grids.push({ box, cols, rows, rowRules: hs });
  }
  // nested groups (a box inside a box): keep the outer one, unless the outer one is only stacked rules with no
  // column rule and the inner one is ruled in columns (two page-wide separator lines above and below a boxed
  // table, its caption between them: the boxed table is the table)
  const inside = (g: TableGrid, o: TableGrid) =>
    o !== g && o.box.x0 <= g.box.x0 && o.box.y0 <= g.box.y0 && o.box.x1 >= g.box.x1 && o.box.y1 >= g.box.y1;
  const onlyStacked = (o: TableGrid) => !o.cols.length && grids.some((g) => g.cols.length && inside(g, o));
  return grids.filter((g) => !onlyStacked(g) && !grids.some((o) => inside(g, o) && !onlyStacked(o))).sort((a, b) => a.box.y0 - b.box.y0);
}
