// Writes a tiny but real cross-encoder model directory (no weights can be downloaded here): a BERT
// WordPiece tokenizer.json over a 12-word vocabulary and an ONNX graph whose single logit is the sum of
// per-word weights over the second segment (the passage) of each (query, passage) pair:
//   logits[b] = Σ_s W[input_ids[b,s]] · token_type_ids[b,s] · attention_mask[b,s]
// It exercises exactly what a real model does through @huggingface/transformers and ONNX Runtime (pair
// tokenisation with token types, padding, batching, the logits tensor), with a known answer.
import fs from "node:fs";
import path from "node:path";

export const VOCAB = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "refund", "policy", "money", "back", "cat", "dog", "the", "##s"];
/** Weight of each vocabulary entry: "refund" and "money" make a passage relevant. */
const WEIGHTS = [0, 0, 0, 0, 3, 1, 2, 0.5, -1, -1, 0, 0];

// --- a minimal protobuf writer (ONNX files are protobuf ModelProto messages) ---
const varint = (n: number | bigint): number[] => {
  let v = BigInt(n);
  const out: number[] = [];
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) b |= 0x80;
    out.push(b);
  } while (v > 0n);
  return out;
};
const key = (field: number, wire: number) => varint((field << 3) | wire);
const int = (field: number, n: number) => [...key(field, 0), ...varint(n)];
const bytes = (field: number, b: number[] | Uint8Array) => [...key(field, 2), ...varint(b.length), ...b];
const str = (field: number, s: string) => bytes(field, [...Buffer.from(s, "utf8")]);

const dim = (d: number | string) => bytes(1, typeof d === "number" ? int(1, d) : str(2, d));
const valueInfo = (name: string, elemType: number, dims: (number | string)[]) => [
  ...str(1, name),
  ...bytes(2, bytes(1, [...int(1, elemType), ...bytes(2, dims.flatMap(dim))])),
];
const node = (op: string, inputs: string[], outputs: string[], attrs: number[][] = []) => [
  ...inputs.flatMap((i) => str(1, i)),
  ...outputs.flatMap((o) => str(2, o)),
  ...str(3, `${op}_${outputs[0]}`),
  ...str(4, op),
  ...attrs.flatMap((a) => bytes(5, a)),
];
const intAttr = (name: string, v: number) => [...str(1, name), ...int(3, v), ...int(20, 2)];
const tensor = (name: string, dataType: number, dims: number[], raw: Buffer) => [
  ...dims.flatMap((d) => int(1, d)),
  ...int(2, dataType),
  ...str(8, name),
  ...bytes(9, raw),
];

const FLOAT = 1;
const INT64 = 7;

function modelBytes(): Buffer {
  const w = Buffer.alloc(WEIGHTS.length * 4);
  WEIGHTS.forEach((x, i) => w.writeFloatLE(x, i * 4));
  const axes = Buffer.alloc(8);
  axes.writeBigInt64LE(1n);
  const graph = [
    ...bytes(1, node("Gather", ["W", "input_ids"], ["g"])),
    ...bytes(1, node("Cast", ["token_type_ids"], ["tt"], [intAttr("to", FLOAT)])),
    ...bytes(1, node("Cast", ["attention_mask"], ["am"], [intAttr("to", FLOAT)])),
    ...bytes(1, node("Mul", ["g", "tt"], ["m1"])),
    ...bytes(1, node("Mul", ["m1", "am"], ["m2"])),
    ...bytes(1, node("ReduceSum", ["m2", "axes"], ["logits"], [intAttr("keepdims", 1)])),
    ...str(2, "tiny-cross-encoder"),
    ...bytes(5, tensor("W", FLOAT, [WEIGHTS.length], w)),
    ...bytes(5, tensor("axes", INT64, [1], axes)),
    ...bytes(11, valueInfo("input_ids", INT64, ["batch", "seq"])),
    ...bytes(11, valueInfo("attention_mask", INT64, ["batch", "seq"])),
    ...bytes(11, valueInfo("token_type_ids", INT64, ["batch", "seq"])),
    ...bytes(12, valueInfo("logits", FLOAT, ["batch", 1])),
  ];
  return Buffer.from([...int(1, 8), ...str(2, "docintel-test"), ...bytes(7, graph), ...bytes(8, [...str(1, ""), ...int(2, 13)])]);
}

function tokenizerJson() {
  const special = (id: number, content: string) => ({
    id,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  const seq = (id: "A" | "B", type_id: number) => ({ Sequence: { id, type_id } });
  const tok = (id: string, type_id: number) => ({ SpecialToken: { id, type_id } });
  return {
    version: "1.0",
    truncation: null,
    padding: null,
    added_tokens: VOCAB.slice(0, 4).map((t, i) => special(i, t)),
    normalizer: { type: "BertNormalizer", clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: "BertPreTokenizer" },
    post_processor: {
      type: "TemplateProcessing",
      single: [tok("[CLS]", 0), seq("A", 0), tok("[SEP]", 0)],
      pair: [tok("[CLS]", 0), seq("A", 0), tok("[SEP]", 0), seq("B", 1), tok("[SEP]", 1)],
      special_tokens: {
        "[CLS]": { id: "[CLS]", ids: [2], tokens: ["[CLS]"] },
        "[SEP]": { id: "[SEP]", ids: [3], tokens: ["[SEP]"] },
      },
    },
    decoder: { type: "WordPiece", prefix: "##", cleanup: true },
    model: {
      type: "WordPiece",
      unk_token: "[UNK]",
      continuing_subword_prefix: "##",
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(VOCAB.map((t, i) => [t, i])),
    },
  };
}

/** Writes `<dir>/<model>/` with config, tokenizer and onnx/model.onnx; returns the model directory. */
export function writeTinyCrossEncoder(dir: string, model: string): string {
  const root = path.join(dir, model);
  fs.mkdirSync(path.join(root, "onnx"), { recursive: true });
  fs.writeFileSync(
    path.join(root, "config.json"),
    JSON.stringify({
      model_type: "bert",
      architectures: ["BertForSequenceClassification"],
      num_labels: 1,
      id2label: { 0: "LABEL_0" },
      label2id: { LABEL_0: 0 },
    }),
  );
  fs.writeFileSync(path.join(root, "tokenizer.json"), JSON.stringify(tokenizerJson()));
  fs.writeFileSync(
    path.join(root, "tokenizer_config.json"),
    JSON.stringify({
      tokenizer_class: "BertTokenizer",
      model_max_length: 512,
      do_lower_case: true,
      cls_token: "[CLS]",
      sep_token: "[SEP]",
      pad_token: "[PAD]",
      unk_token: "[UNK]",
    }),
  );
  fs.writeFileSync(path.join(root, "onnx", "model.onnx"), modelBytes());
  return root;
}
