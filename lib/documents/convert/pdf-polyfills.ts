// unpdf 1.8 bundles a pdf.js that targets Node >= 22; we run Node 20. Import this module before any
// pdf.js code runs (pdf.ts imports it first). Each polyfill is installed only when missing.
export {};

type WithResolvers = <T>() => { promise: Promise<T>; resolve: (v: T | PromiseLike<T>) => void; reject: (e?: unknown) => void };

const PromiseCtor = Promise as unknown as { withResolvers?: WithResolvers };
if (typeof PromiseCtor.withResolvers !== "function") {
  Object.defineProperty(Promise, "withResolvers", {
    configurable: true,
    writable: true,
    value: function withResolvers<T>() {
      let resolve!: (v: T | PromiseLike<T>) => void;
      let reject!: (e?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}

// Used by pdf.js when it hands font data to the main thread (page.getOperatorList(), rendering).
const abProto = ArrayBuffer.prototype as unknown as Record<string, unknown>;
for (const name of ["transferToFixedLength", "transfer"]) {
  if (typeof abProto[name] !== "function") {
    Object.defineProperty(ArrayBuffer.prototype, name, {
      configurable: true,
      writable: true,
      value: function transfer(this: ArrayBuffer, newLength?: number): ArrayBuffer {
        const length = newLength ?? this.byteLength;
        const copy = new ArrayBuffer(length);
        new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
        return copy;
      },
    });
  }
}
