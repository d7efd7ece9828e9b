/**
 * The Content-Disposition header of downloads. Expected values written by hand from RFC 6266 / 8187
 * (UTF-8 bytes checked with Python's urllib.parse.quote, safe set = RFC 8187 attr-char).
 */
import { validateHeaderValue } from 'node:http';
import { describe, expect, it } from 'vitest';
import { attachmentHeader } from '../../apps/server/src/contentDisposition.ts';

/** The UTF-8 name a browser reads from `filename*` (RFC 8187 decoding). */
function extendedName(header: string): string {
  const match = /filename\*=UTF-8''([^;\s]+)$/.exec(header);
  if (!match) throw new Error(`no filename* in ${header}`);
  return decodeURIComponent(match[1]!);
}

describe('attachmentHeader', () => {
  it('keeps the accents of a report name in filename* and drops them in the ASCII fallback', () => {
    const name = 'Avaliação desempenho de equipe - José Conceição.pdf';
    const header = attachmentHeader(name);
    expect(header).toBe(
      'attachment; filename="Avaliacao desempenho de equipe - Jose Conceicao.pdf"; ' +
        "filename*=UTF-8''Avalia%C3%A7%C3%A3o%20desempenho%20de%20equipe%20-%20Jos%C3%A9%20Concei%C3%A7%C3%A3o.pdf",
    );
    expect(extendedName(header)).toBe(name);
  });

  it('encodes the characters RFC 8187 does not allow bare, and keeps % out of the fallback', () => {
    expect(attachmentHeader('relatório (final) 100%.pdf')).toBe(`attachment; filename="relatorio (final) 100_.pdf"; filename*=UTF-8''relat%C3%B3rio%20%28final%29%20100%25.pdf`);
    expect(attachmentHeader("O'Brien*.pdf")).toBe(`attachment; filename="O'Brien*.pdf"; filename*=UTF-8''O%27Brien%2A.pdf`);
    expect(attachmentHeader('報告.pdf')).toBe(`attachment; filename="__.pdf"; filename*=UTF-8''%E5%A0%B1%E5%91%8A.pdf`);
  });

  it('never lets a quote, a backslash or a line break out of the header', () => {
    expect(attachmentHeader('a"b\\c.pdf')).toBe(`attachment; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`);
    const injected = attachmentHeader('x\r\nSet-Cookie: a=b.pdf');
    expect(injected).toBe(`attachment; filename="x__Set-Cookie: a=b.pdf"; filename*=UTF-8''x__Set-Cookie%3A%20a%3Db.pdf`);
    for (const name of ['x\r\nSet-Cookie: a=b.pdf', 'tab\there.pdf', 'nul\u0000.pdf', 'emoji 😀.pdf', 'meio \ud83d quebrado.pdf', 'Avaliação.pdf']) {
      expect(() => validateHeaderValue('content-disposition', attachmentHeader(name))).not.toThrow();
    }
  });

  it('composes decomposed accents and names an empty file "arquivo"', () => {
    expect(attachmentHeader('Jose\u0301.pdf')).toBe(`attachment; filename="Jose.pdf"; filename*=UTF-8''Jos%C3%A9.pdf`);
    expect(attachmentHeader('   ')).toBe(`attachment; filename="arquivo"; filename*=UTF-8''arquivo`);
  });
});
