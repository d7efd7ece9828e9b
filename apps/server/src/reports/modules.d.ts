// Minimal declarations of the untyped libraries the reports use (only what is called).

declare module 'fontkit' {
  export function create(buffer: Buffer): unknown;
}

declare module 'pdfmake' {
  interface OutputDocument {
    getBuffer(): Promise<Buffer>;
  }
  interface PdfMake {
    setFonts(fonts: Record<string, Record<string, string>>): void;
    setUrlAccessPolicy(callback: (url: string) => boolean): void;
    setLocalAccessPolicy(callback: (path: string) => boolean): void;
    createPdf(docDefinition: object, options?: object): OutputDocument;
  }
  const pdfmake: PdfMake;
  export default pdfmake;
}

declare module 'pdfmake/js/SVGMeasure.js' {
  const SVGMeasure: { prototype: object };
  export default SVGMeasure;
}
