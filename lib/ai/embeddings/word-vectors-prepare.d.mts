// Types of word-vectors-prepare.mjs (plain JavaScript: it also runs in plain Node, see there).

export interface SourceInfo {
  /** The package's JSON file. */
  file: string;
  version: string;
  /** Its size in bytes. */
  bytes: number;
  /** What a current prepared file's header carries: inputs, build code, format. */
  key: string;
}

export function sourceInfo(cwd?: string): Promise<SourceInfo>;
/** [beside the package in node_modules/.cache, in DATA_DIR/cache] */
export function preparedFiles(info: Pick<SourceInfo, "file" | "key">, dataDir: string): [string, string];
export function buildVectors(info: SourceInfo): Promise<Buffer>;
export function isPrepared(file: string, key: string): Promise<boolean>;
export function prepareVectors(
  info: SourceInfo,
  files: string[],
  opts?: { force?: boolean },
): Promise<{ file: string; built: boolean; ms?: number; bytes?: Buffer }>;
