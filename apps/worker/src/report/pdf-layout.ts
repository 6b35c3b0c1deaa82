import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { TFunction } from 'i18next';
import { comparisonColor, comparisonDash } from '@poselab/contract';
import type { ReportLanguage } from './i18n';

const require = createRequire(import.meta.url);
/** Noto Sans from an npm font package: embedded (subset) so umlauts, ±, ≥ and ° print on every viewer. */
export const REPORT_FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};

export const PAGE = { width: 595.28, height: 841.89, margin: 50, footer: 40 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const TEXT = '#1d2329';
export const MUTED = '#5f6b76';
export const RULE = '#c9d1d9';

/** The trial's line style in every chart and swatch of the report (same palette as the dashboard). */
export function trialStyle(i: number): { color: string; dash: readonly number[] } {
  return { color: comparisonColor(i), dash: comparisonDash(i) };
}

/**
 * A PDFKit document with the report's fonts, a cursor and the few layout moves the sections need (headings,
 * paragraphs, keeping a block on one page, trial swatches). Pages are buffered so the footer can say 'page n
 * of N' at the end.
 */
export class ReportLayout {
  readonly doc: PDFKit.PDFDocument;
  y = PAGE.margin;

  constructor(
    readonly t: TFunction,
    readonly lang: ReportLanguage,
    info: { title: string; author: string },
  ) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: PAGE.margin,
      bufferPages: true,
      autoFirstPage: true,
      info: { Title: info.title, Author: info.author, Creator: 'PoseLab', Producer: 'PoseLab (PDFKit)' },
      lang: lang === 'de' ? 'de-DE' : 'en-US',
      displayTitle: true,
    });
    this.doc.registerFont('body', REPORT_FONTS.regular);
    this.doc.registerFont('bold', REPORT_FONTS.bold);
    this.doc.font('body').fillColor(TEXT);
  }

  get bottom(): number {
    return PAGE.height - PAGE.margin - PAGE.footer / 2;
  }

  newPage(): void {
    this.doc.addPage();
    this.y = PAGE.margin;
  }

  /** Starts a new page unless `height` more points fit below the cursor. */
  ensureSpace(height: number): void {
    if (this.y + height > this.bottom) this.newPage();
  }

  heading(text: string, size = 16): void {
    this.ensureSpace(size * 3);
    this.doc.font('bold').fontSize(size).fillColor(TEXT);
    this.doc.text(text, PAGE.margin, this.y, { width: CONTENT_WIDTH });
    this.y = this.doc.y + size * 0.4;
  }

  paragraph(text: string, opts: { size?: number; color?: string; gap?: number } = {}): void {
    const size = opts.size ?? 10;
    this.doc.font('body').fontSize(size);
    const h = this.doc.heightOfString(text, { width: CONTENT_WIDTH, lineGap: 2 });
    this.ensureSpace(Math.min(h, 120));
    this.doc
      .fillColor(opts.color ?? TEXT)
      .text(text, PAGE.margin, this.y, { width: CONTENT_WIDTH, lineGap: 2 });
    this.y = this.doc.y + (opts.gap ?? 8);
  }

  /** One line of text cut to `width` (with an ellipsis) at (x, y). */
  cell(
    text: string,
    x: number,
    y: number,
    width: number,
    opts: { bold?: boolean; size?: number; color?: string; align?: 'left' | 'right' | 'center' } = {},
  ): void {
    this.doc
      .font(opts.bold ? 'bold' : 'body')
      .fontSize(opts.size ?? 9)
      .fillColor(opts.color ?? TEXT)
      .text(text, x, y, {
        width,
        lineBreak: false,
        ellipsis: true,
        height: (opts.size ?? 9) * 1.4,
        align: opts.align ?? 'left',
      });
  }

  /** A short line in the trial's colour and dash, as in the charts. */
  swatch(i: number, x: number, yMid: number, width = 18): void {
    const { color, dash } = trialStyle(i);
    const d = this.doc;
    d.save().lineWidth(2.2).strokeColor(color);
    if (dash.length) d.dash(dash.map((v) => v * 1.2) as unknown as number, {});
    d.moveTo(x, yMid)
      .lineTo(x + width, yMid)
      .stroke();
    d.undash().restore();
  }

  rule(): void {
    this.doc
      .save()
      .lineWidth(0.5)
      .strokeColor(RULE)
      .moveTo(PAGE.margin, this.y)
      .lineTo(PAGE.margin + CONTENT_WIDTH, this.y)
      .stroke()
      .restore();
    this.y += 6;
  }

  /** 'PoseLab · function · page n of N' on every page. */
  footers(functionTitle: string): void {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      const text = this.t('footer', { function: functionTitle, page: i + 1, pages: range.count });
      // Writing below the bottom margin must not start a new page.
      const margin = this.doc.page.margins.bottom;
      this.doc.page.margins.bottom = 0;
      this.doc.font('body').fontSize(8).fillColor(MUTED);
      this.doc.text(text, PAGE.margin, PAGE.height - PAGE.margin + 10, {
        width: CONTENT_WIDTH,
        align: 'center',
        lineBreak: false,
      });
      this.doc.page.margins.bottom = margin;
    }
  }
}
