import italic from 'pdfmake/build/fonts/Roboto/Roboto-Italic.ttf?url';
import medium from 'pdfmake/build/fonts/Roboto/Roboto-Medium.ttf?url';
import mediumItalic from 'pdfmake/build/fonts/Roboto/Roboto-MediumItalic.ttf?url';
import regular from 'pdfmake/build/fonts/Roboto/Roboto-Regular.ttf?url';
import { CHART_FONT } from '../../../engine/charts/print';

/**
 * The app's font (`APP_FONT`, the theme's) is Roboto: the staff app serves the four Roboto files the
 * PDFs embed (pdfmake's, `apps/server/src/reports/fonts.ts`), so every screen shows the font the PDFs
 * print and the word cloud is drawn in the font its layout measured, whatever the computer has
 * installed. Bold is Roboto Medium, as in the PDFs. A face is downloaded when a text first uses it.
 */
const FACES: { url: string; style: 'normal' | 'italic'; weight: string }[] = [
  { url: regular, style: 'normal', weight: '100 400' },
  { url: medium, style: 'normal', weight: '500 900' },
  { url: italic, style: 'italic', weight: '100 400' },
  { url: mediumItalic, style: 'italic', weight: '500 900' },
];

/** Declares the faces once (a `<style>` of `@font-face` rules at the head of the document). */
export function declareAppFont(): void {
  const style = document.createElement('style');
  style.dataset.appFont = '';
  style.textContent = FACES.map(
    (face) => `@font-face{font-family:'${CHART_FONT}';font-style:${face.style};font-weight:${face.weight};font-display:swap;src:url('${face.url}') format('truetype')}`,
  ).join('\n');
  document.head.prepend(style);
}
